import { moduleContentSchema, translatedModuleContentSchema, translationMismatch } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

/**
 * The modules of the four static training pages in Spanish (migration 0014): a Spanish reader gets
 * them by slug in Spanish, one for one with the English module; an English reader still gets
 * English; and a quiz is graded the same whatever language it was read in.
 */

let t: TestApp;
let worker: TestUser;
let spanishWorker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  worker = await t.createUser({ role: "worker" });
  spanishWorker = await t.createUser({ role: "worker" });
  await t.db.updateTable("users").set({ language: "es" }).where("id", "=", spanishWorker.id).execute();
});
afterAll(() => t.close());

interface PublicModule {
  id: number;
  slug: string;
  title: string;
  language: string;
  content: {
    sections: { title: string; points?: string[] }[];
    quiz: { question: string; options: string[] }[];
    guidelines?: { title: string; oshaStandard: string; keyPoints: string[]; resourceLink?: string }[];
  };
}

const spanishTitles = {
  "site-safety": "Orientación de seguridad en la obra",
  "spotter-safety": "Seguridad del señalero",
  "fall-protection": "Protección contra caídas",
  "hazardous-materials": "Materiales peligrosos",
} as const;
const slugs = Object.keys(spanishTitles) as (keyof typeof spanishTitles)[];

/** The static pages' query: training.moduleBySlug over tRPC. */
const bySlug = async (slug: string, as: TestUser) => {
  const res = await t.request({
    method: "GET",
    url: `/trpc/training.moduleBySlug?input=${encodeURIComponent(JSON.stringify({ json: { slug } }))}`,
    as,
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.data.json as PublicModule;
};

/** The stored English module, with its answer key. */
const stored = async (slug: string) => {
  const row = await t.db.selectFrom("trainingModules").select(["id", "content"]).where("slug", "=", slug).executeTakeFirstOrThrow();
  return { id: row.id, content: moduleContentSchema.parse(row.content) };
};

describe.each(slugs)("the %s page in Spanish", (slug) => {
  it("gives a Spanish reader the module in Spanish, one for one with the English one, and an English reader English", async () => {
    const es = await bySlug(slug, spanishWorker);
    const en = await bySlug(slug, worker);
    expect(es).toMatchObject({ slug, title: spanishTitles[slug], language: "es" });
    expect(en).toMatchObject({ id: es.id, slug, language: "en" });
    expect(en.title).not.toBe(es.title);

    expect(translatedModuleContentSchema.safeParse(es.content).success).toBe(true);
    expect(translationMismatch(en.content, es.content)).toBeNull();
    expect(es.content.sections).toHaveLength(en.content.sections.length);
    expect(es.content.sections.map((s) => s.points?.length)).toEqual(en.content.sections.map((s) => s.points?.length));
    expect(es.content.quiz.map((q) => q.options.length)).toEqual(en.content.quiz.map((q) => q.options.length));
    for (const q of es.content.quiz) expect(Object.keys(q).sort()).toEqual(["options", "question"]);
    expect(es.content.sections.some((s, i) => s.title === en.content.sections[i]?.title)).toBe(false);
    expect(es.content.quiz.some((q, i) => q.question === en.content.quiz[i]?.question)).toBe(false);

    // Guidelines entry for entry, with the same OSHA standards and links.
    expect(es.content.guidelines?.length).toBe(en.content.guidelines?.length);
    es.content.guidelines?.forEach((g, i) => {
      const e = en.content.guidelines?.[i];
      expect([g.oshaStandard, g.resourceLink]).toEqual([e?.oshaStandard, e?.resourceLink]);
      expect(g.keyPoints).toHaveLength(e?.keyPoints.length ?? -1);
      expect(g.title).not.toBe(e?.title);
    });
  });

  it("grades a quiz attempt the same in Spanish and in English: answers are option indexes", async () => {
    const { id, content } = await stored(slug);
    const key = content.quiz.map((q) => q.answer);
    const attempt = (as: TestUser, answers: number[]) =>
      t.request({
        method: "POST",
        url: `/api/workers/${as.workerId}/trainings/${id}/attempts`,
        payload: { answers, sectionsViewed: content.sections.length },
        as,
      });
    // The first answer wrong, the rest right.
    const answers = key.map((a, i) => (i === 0 ? (a === 0 ? 1 : 0) : a));
    const wrongEs = await attempt(spanishWorker, answers);
    const wrongEn = await attempt(worker, answers);
    expect(wrongEs.statusCode).toBe(201);
    expect(wrongEs.json().attempt).toMatchObject({ correct: key.length - 1, total: key.length });
    expect(wrongEs.json().attempt).toEqual({
      ...wrongEn.json().attempt,
      id: wrongEs.json().attempt.id,
      submittedAt: wrongEs.json().attempt.submittedAt,
    });
    expect(wrongEs.json().results).toEqual(wrongEn.json().results);
    const rightEs = await attempt(spanishWorker, key);
    expect(rightEs.json()).toMatchObject({ attempt: { score: 100, passed: true }, completes: true });
  });
});

it("keeps the English module's figures in the Spanish text", async () => {
  const fall = JSON.stringify((await bySlug("fall-protection", spanishWorker)).content);
  for (const figure of ["6 pies", "5,000 libras", "42 pulgadas", "1926.501(b)(1)", "1926.502(d)(15)"]) expect(fall).toContain(figure);
  const spotter = JSON.stringify((await bySlug("spotter-safety", spanishWorker)).content);
  for (const figure of ["20 pies", "350 kV", "1926.601(b)(4)"]) expect(spotter).toContain(figure);
});
