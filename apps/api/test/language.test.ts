import { LANGUAGE_INVALID, NOT_SIGNED_IN, TRANSLATION_QUESTIONS_MISMATCH } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

/**
 * The server speaks the user's language (apps/api/src/language.ts): a password session gets the
 * user's saved choice, anyone else the Accept-Language header, else English exactly as before.
 */

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser;
let spanishWorker: TestUser;
/** A project no worker of this file is assigned to. */
let otherProject: number;

const ES_USERNAME_REQUIRED = "El nombre de usuario es obligatorio";
const EN_USERNAME_REQUIRED = "Username is required";

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin" });
  manager = await t.createUser({ role: "manager" });
  worker = await t.createUser({ role: "worker" });
  spanishWorker = await t.createUser({ role: "worker" });
  otherProject = await t.createProject();
  await t.db.updateTable("users").set({ language: "es" }).where("id", "=", spanishWorker.id).execute();
  // `worker` chose English explicitly; other users made no choice (null).
  await t.db.updateTable("users").set({ language: "en" }).where("id", "=", worker.id).execute();
});
afterAll(() => t.close());

const restLogin = (headers: Record<string, string> = {}) =>
  t.request({ method: "POST", url: "/api/login", payload: { username: "", password: "secret12" }, headers });
const trpcLogin = (headers: Record<string, string> = {}) =>
  t.request({ method: "POST", url: "/trpc/auth.login", payload: { json: { username: "", password: "secret12" } }, headers });
const trpcError = (res: { json(): unknown }) =>
  (res.json() as { error: { json: { message: string; data: { issues?: { path: string; message: string }[] } } } }).error.json;

describe("anonymous requests follow Accept-Language", () => {
  it("answers exactly today's English without a header (REST and tRPC)", async () => {
    const rest = await restLogin();
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({
      message: EN_USERNAME_REQUIRED,
      issues: [
        { path: "username", message: EN_USERNAME_REQUIRED },
        { path: "username", message: "Username must be at least 3 characters" },
      ],
    });
    const trpc = await trpcLogin();
    expect(trpc.statusCode).toBe(400);
    expect(trpcError(trpc).message).toBe(EN_USERNAME_REQUIRED);
  });

  it("answers the same bad request in Spanish when Spanish is preferred", async () => {
    const rest = await restLogin({ "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({
      message: ES_USERNAME_REQUIRED,
      issues: [
        { path: "username", message: ES_USERNAME_REQUIRED },
        { path: "username", message: "El nombre de usuario debe tener al menos 3 caracteres" },
      ],
    });
    const trpc = await trpcLogin({ "accept-language": "es" });
    expect(trpc.statusCode).toBe(400);
    expect(trpcError(trpc).message).toBe(ES_USERNAME_REQUIRED);
    expect(trpcError(trpc).data.issues?.[0]).toEqual({ path: "username", message: ES_USERNAME_REQUIRED });
  });

  it("weighs q-values: the highest supported language wins, q=0 excludes, unknown ones fall back to English", async () => {
    expect((await restLogin({ "accept-language": "en-US,es;q=0.5" })).json().message).toBe(EN_USERNAME_REQUIRED);
    expect((await restLogin({ "accept-language": "fr-FR, es;q=0.3, en;q=0.2" })).json().message).toBe(ES_USERNAME_REQUIRED);
    expect((await restLogin({ "accept-language": "es;q=0, en;q=0.1" })).json().message).toBe(EN_USERNAME_REQUIRED);
    expect((await restLogin({ "accept-language": "de, fr" })).json().message).toBe(EN_USERNAME_REQUIRED);
  });

  it("translates the HTTP layer's own answers: not signed in, not found, body too large, unsupported type", async () => {
    const es = { "accept-language": "es" };
    const me = await t.request({ method: "GET", url: "/api/user", headers: es });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: "No ha iniciado sesión" });
    expect((await t.request({ method: "GET", url: "/api/user" })).json()).toEqual({ message: NOT_SIGNED_IN });
    const missing = await t.request({ method: "GET", url: "/api/no-such-route", headers: es });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "No se encontró" });
    const big = await t.request({
      method: "POST",
      url: "/api/login",
      payload: JSON.stringify({ username: "x".repeat(1_100_000) }),
      headers: { ...es, "content-type": "application/json" },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: "El contenido de la solicitud es demasiado grande" });
    const type = await t.request({
      method: "POST",
      url: "/api/login",
      payload: "username=x",
      headers: { ...es, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(type.statusCode).toBe(415);
    expect(type.json()).toEqual({ message: "Tipo de contenido no admitido" });
    const cross = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: {},
      headers: { host: "localhost:80", origin: "https://evil.example", ...es },
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toEqual({ message: "Se rechazó una solicitud de otro origen" });
  });
});

describe("signed-in requests", () => {
  const badProject = (as: TestUser, headers: Record<string, string> = {}) =>
    t.request({ method: "POST", url: "/api/projects", payload: { name: "", location: "Yard", startDate: "2026-01-05" }, as, headers });

  it("a password session answers in the user's saved language, whatever the header says", async () => {
    const spanish = await t.request({
      method: "GET",
      url: `/api/projects/${otherProject}`,
      as: spanishWorker,
      headers: { "accept-language": "en" },
    });
    expect(spanish.statusCode).toBe(403);
    expect(spanish.json().message).toBe("Solo puede ver los proyectos a los que está asignado");
    const english = await t.request({
      method: "GET",
      url: `/api/projects/${otherProject}`,
      as: worker,
      headers: { "accept-language": "es" },
    });
    expect(english.json().message).toBe("You can only view projects you are assigned to");
  });

  it("a user who never chose a language is answered in their Accept-Language; once they choose, the choice wins (issue #30, L5)", async () => {
    const user = await t.createUser({ role: "manager" });
    expect((await t.request({ method: "GET", url: "/api/user", as: user })).json().language).toBeNull();
    const spanish = await badProject(user, { "accept-language": "es-MX,es;q=0.9" });
    expect(spanish.json().message).toBe("El nombre del proyecto es obligatorio");
    const trpc = await t.request({
      method: "POST",
      url: "/trpc/projects.create",
      payload: { json: { name: "", location: "Yard", startDate: "2026-01-05" } },
      as: user,
      headers: { "accept-language": "es" },
    });
    expect(trpcError(trpc).message).toBe("El nombre del proyecto es obligatorio");
    expect((await badProject(user)).json().message).toBe("Project name is required");

    const chosen = await t.request({ method: "PUT", url: "/api/user/language", payload: { language: "en" }, as: user });
    expect(chosen.json().language).toBe("en");
    expect((await badProject(user, { "accept-language": "es" })).json().message).toBe("Project name is required");
  });

  it("the same bad request is answered in English, then in Spanish once the user chooses Spanish (REST and tRPC)", async () => {
    const user = await t.createUser({ role: "manager" });
    const before = await badProject(user);
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe("Project name is required");

    const chosen = await t.request({ method: "PUT", url: "/api/user/language", payload: { language: "es" }, as: user });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ id: user.id, username: user.username, language: "es" });
    expect(chosen.json()).not.toHaveProperty("passwordHash");

    const after = await badProject(user);
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({
      message: "El nombre del proyecto es obligatorio",
      issues: [{ path: "name", message: "El nombre del proyecto es obligatorio" }],
    });
    const trpc = await t.request({
      method: "POST",
      url: "/trpc/projects.create",
      payload: { json: { name: "", location: "Yard", startDate: "2026-01-05" } },
      as: user,
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpcError(trpc).message).toBe("El nombre del proyecto es obligatorio");

    // The user as the web app reads it carries the choice.
    expect((await t.request({ method: "GET", url: "/api/user", as: user })).json().language).toBe("es");
    const session = await t.request({ method: "GET", url: "/trpc/auth.session", as: user });
    expect(session.json().result.data.json.user.language).toBe("es");

    // Back to English over tRPC.
    const back = await t.request({ method: "POST", url: "/trpc/auth.setLanguage", payload: { json: { language: "en" } }, as: user });
    expect(back.statusCode).toBe(200);
    expect(back.json().result.data.json.language).toBe("en");
    expect((await badProject(user)).json().message).toBe("Project name is required");
  });

  it("a service token follows its request's Accept-Language, not its owner's choice", async () => {
    const token = await t.tokenFor(spanishWorker, { scope: "read" });
    const plain = await t.request({ method: "GET", url: `/api/projects/${otherProject}`, bearer: token });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).toBe("You can only view projects you are assigned to");
    const spanish = await t.request({
      method: "GET",
      url: `/api/projects/${otherProject}`,
      bearer: token,
      headers: { "accept-language": "es-US" },
    });
    expect(spanish.json().message).toBe("Solo puede ver los proyectos a los que está asignado");
  });

  it("returns the language on the current user for everyone (null until chosen)", async () => {
    const me = await t.request({ method: "GET", url: "/api/user", as: admin });
    expect(me.json()).toMatchObject({ id: admin.id, language: null });
    expect((await t.request({ method: "GET", url: "/api/user", as: worker })).json()).toMatchObject({ language: "en" });
  });

  it("never translates stored data", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/projects",
      payload: { name: "Pour concrete level 3", location: "Not found", startDate: "2026-01-05" },
      as: admin,
    });
    expect(created.statusCode).toBe(201);
    await t.request({ method: "PUT", url: "/api/user/language", payload: { language: "es" }, as: admin });
    const read = await t.request({ method: "GET", url: `/api/projects/${created.json().id}`, as: admin });
    expect(read.json()).toMatchObject({ name: "Pour concrete level 3", location: "Not found" });
    await t.request({ method: "PUT", url: "/api/user/language", payload: { language: "en" }, as: admin });
  });
});

describe("setting the language", () => {
  it("refuses anything but en or es with a 400 and the rule's message, changing nothing", async () => {
    for (const payload of [{ language: "fr" }, {}, { language: 1 }, { language: "ES" }]) {
      const res = await t.request({ method: "PUT", url: "/api/user/language", payload, as: worker });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: LANGUAGE_INVALID, issues: [{ path: "language", message: LANGUAGE_INVALID }] });
    }
    const spanish = await t.request({ method: "PUT", url: "/api/user/language", payload: { language: "fr" }, as: spanishWorker });
    expect(spanish.json().message).toBe("El idioma debe ser en (inglés) o es (español)");
    const row = await t.db.selectFrom("users").select("language").where("id", "=", worker.id).executeTakeFirstOrThrow();
    expect(row.language).toBe("en");
  });

  it("needs someone signed in (401), and a write-scoped token may set its owner's language", async () => {
    const anonymous = await t.request({
      method: "PUT",
      url: "/api/user/language",
      payload: { language: "es" },
      headers: { "accept-language": "es" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: "No ha iniciado sesión" });
    const readOnly = await t.tokenFor(manager, { scope: "read" });
    const refused = await t.request({ method: "PUT", url: "/api/user/language", payload: { language: "es" }, bearer: readOnly });
    expect(refused.statusCode).toBe(403);
    const row = await t.db.selectFrom("users").select("language").where("id", "=", manager.id).executeTakeFirstOrThrow();
    expect(row.language).toBeNull();
  });

  it("changes only the caller's own language", async () => {
    await t.request({
      method: "PUT",
      url: "/api/user/language",
      payload: { language: "es", id: worker.id, userId: worker.id },
      as: manager,
    });
    const rows = await t.db.selectFrom("users").select(["id", "language"]).where("id", "in", [manager.id, worker.id]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.language]))).toEqual({ [manager.id]: "es", [worker.id]: "en" });
    await t.request({ method: "PUT", url: "/api/user/language", payload: { language: "en" }, as: manager });
  });
});

// ---------------------------------------------------------------------------------------------
// Training in Spanish

interface PublicModule {
  id: number;
  slug: string | null;
  title: string;
  language: string;
  content: { sections: { title: string }[]; quiz: { question: string; options: string[]; answer?: number }[] };
}

const hardHatId = async () =>
  (await t.db.selectFrom("trainingModules").select("id").where("slug", "=", "hard-hat-safety").executeTakeFirstOrThrow()).id;

describe("training modules in the reader's language", () => {
  it("shows a built-in module in Spanish to a Spanish reader and in English otherwise, without answers", async () => {
    const id = await hardHatId();
    const es = (await t.request({ method: "GET", url: `/api/training-modules/${id}`, as: spanishWorker })).json() as PublicModule;
    expect(es).toMatchObject({ id, slug: "hard-hat-safety", title: "Seguridad con el casco", language: "es" });
    expect(es.content.sections[0]?.title).toBe("Por qué se exige protección para la cabeza");
    expect(es.content.quiz[0]?.options).toEqual(["Clase G", "Clase E", "Clase C", "Cualquier clase con barboquejo"]);
    expect(es.content.quiz.every((q) => q.answer === undefined)).toBe(true);

    const en = (await t.request({ method: "GET", url: `/api/training-modules/${id}`, as: worker })).json() as PublicModule;
    expect(en).toMatchObject({ id, title: "Hard Hat Safety", language: "en" });
    expect(en.content.quiz).toHaveLength(es.content.quiz.length);
    expect(en.content.quiz.every((q) => q.answer === undefined)).toBe(true);

    // The answer memory keeps one answer per language: the same token, two headers.
    const token = await t.tokenFor(worker, { scope: "read" });
    const viaEn = (await t.request({ method: "GET", url: `/api/training-modules/${id}`, bearer: token })).json() as PublicModule;
    const viaEs = (
      await t.request({ method: "GET", url: `/api/training-modules/${id}`, bearer: token, headers: { "accept-language": "es" } })
    ).json() as PublicModule;
    expect([viaEn.title, viaEs.title]).toEqual(["Hard Hat Safety", "Seguridad con el casco"]);
  });

  it("lists the built-in modules in Spanish and falls back to English for a module without a translation (tRPC too)", async () => {
    const untranslated = {
      title: "Trench Safety",
      description: "Protective systems for trenches five feet deep or more.",
      type: "site_safety",
      duration: 15,
      content: {
        sections: [{ title: "Cave-ins", content: "Never enter an unprotected trench." }],
        quiz: [{ question: "Depth?", options: ["5 ft", "10 ft"], answer: 0 }],
      },
    };
    const created = await t.request({ method: "POST", url: "/api/training-modules", payload: untranslated, as: manager });
    expect(created.statusCode, created.body).toBe(201);
    const list = (await t.request({ method: "GET", url: "/api/training-modules", as: spanishWorker })).json() as PublicModule[];
    const bySlug = Object.fromEntries(list.map((m) => [m.slug, m]));
    expect(bySlug["hard-hat-safety"]).toMatchObject({ title: "Seguridad con el casco", language: "es" });
    expect(bySlug["hazard-identification"]).toMatchObject({ title: "Identificación de peligros", language: "es" });
    expect(bySlug["scaffolding-safety"]).toMatchObject({ title: "Seguridad en andamios", language: "es" });
    expect(bySlug["team-lift"]).toMatchObject({ title: "Levantamiento en equipo", language: "es" });
    expect(bySlug["site-safety"]).toMatchObject({ title: "Orientación de seguridad en la obra", language: "es" });
    expect(list.find((m) => m.id === created.json().id)).toMatchObject({ title: "Trench Safety", language: "en" });
    const trpc = await t.request({
      method: "GET",
      url: `/trpc/training.moduleBySlug?input=${encodeURIComponent(JSON.stringify({ json: { slug: "scaffolding-safety" } }))}`,
      as: spanishWorker,
    });
    expect(trpc.json().result.data.json).toMatchObject({ title: "Seguridad en andamios", language: "es" });
  });

  it("grades a Spanish quiz attempt exactly as the English one: answers are option indexes", async () => {
    const id = await hardHatId();
    const attempt = (as: TestUser, answers: number[]) =>
      t.request({
        method: "POST",
        url: `/api/workers/${as.workerId}/trainings/${id}/attempts`,
        payload: { answers, sectionsViewed: 4 },
        as,
      });
    const wrongEs = await attempt(spanishWorker, [1, 1, 0, 2]);
    const wrongEn = await attempt(worker, [1, 1, 0, 2]);
    expect(wrongEs.statusCode).toBe(201);
    expect(wrongEs.json().attempt).toMatchObject({ score: 75, correct: 3, total: 4, passed: true });
    expect(wrongEs.json().attempt).toEqual({
      ...wrongEn.json().attempt,
      id: wrongEs.json().attempt.id,
      submittedAt: wrongEs.json().attempt.submittedAt,
    });
    expect(wrongEs.json().results).toEqual(wrongEn.json().results);
    const rightEs = await attempt(spanishWorker, [1, 1, 2, 2]);
    expect(rightEs.json()).toMatchObject({
      attempt: { score: 100, passed: true },
      completes: true,
      record: { progress: 100, status: "completed" },
    });
    const unanswered = await attempt(spanishWorker, [1, null as unknown as number, 2, 2]);
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json().message).toBe("Conteste todas las preguntas antes de enviar");
  });
});

describe("staff add the Spanish version", () => {
  const english = {
    title: "Ladder Safety",
    description: "Set up and climb portable ladders safely.",
    type: "fall_protection",
    duration: 20,
    content: {
      sections: [{ title: "Set-up", content: "Use the 4-to-1 rule." }],
      quiz: [{ question: "Ratio?", options: ["4 to 1", "2 to 1"], answer: 0 }],
    },
  };
  const spanish = {
    title: "Seguridad con escaleras",
    description: "Cómo colocar y subir escaleras portátiles de forma segura.",
    content: {
      sections: [{ title: "Colocación", content: "Use la regla de 4 a 1." }],
      quiz: [{ question: "¿Qué proporción?", options: ["4 a 1", "2 a 1"] }],
    },
  };

  it("creates a module with its Spanish version; readers get their language", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/training-modules",
      payload: { ...english, translations: { es: spanish } },
      as: manager,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await t.request({ method: "GET", url: `/api/training-modules/${id}`, as: spanishWorker })).json()).toMatchObject({
      title: "Seguridad con escaleras",
      language: "es",
    });
    expect((await t.request({ method: "GET", url: `/api/training-modules/${id}`, as: worker })).json()).toMatchObject({
      title: "Ladder Safety",
      language: "en",
    });
    const graded = await t.request({
      method: "POST",
      url: `/api/workers/${spanishWorker.workerId}/trainings/${id}/attempts`,
      payload: { answers: [0] },
      as: spanishWorker,
    });
    expect(graded.json().attempt).toMatchObject({ score: 100, correct: 1, total: 1 });
  });

  it("refuses a Spanish version that does not match the module question for question (400, nothing created)", async () => {
    const before = await t.db.selectFrom("trainingModules").select(t.db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const bad = {
      ...spanish,
      content: { ...spanish.content, quiz: [...spanish.content.quiz, { question: "¿Otra?", options: ["Sí", "No"] }] },
    };
    const res = await t.request({
      method: "POST",
      url: "/api/training-modules",
      payload: { ...english, translations: { es: bad } },
      as: manager,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TRANSLATION_QUESTIONS_MISMATCH);
    const after = await t.db.selectFrom("trainingModules").select(t.db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("adds or replaces the Spanish version of an existing module: staff only, matched to the module", async () => {
    const created = await t.request({ method: "POST", url: "/api/training-modules", payload: english, as: admin });
    const id = created.json().id as number;
    expect((await t.request({ method: "GET", url: `/api/training-modules/${id}`, as: spanishWorker })).json().language).toBe("en");

    const url = `/api/training-modules/${id}/translations/es`;
    const refused = await t.request({ method: "PUT", url, payload: spanish, as: worker });
    expect(refused.statusCode).toBe(403);
    const mismatch = await t.request({
      method: "PUT",
      url,
      payload: { ...spanish, content: { ...spanish.content, quiz: [{ question: "¿?", options: ["a", "b", "c"] }] } },
      as: manager,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe("Each Spanish question must have the same options as the English one");
    const otherLanguage = await t.request({
      method: "PUT",
      url: `/api/training-modules/${id}/translations/fr`,
      payload: spanish,
      as: manager,
    });
    expect(otherLanguage.statusCode).toBe(400);
    const missing = await t.request({ method: "PUT", url: "/api/training-modules/999999/translations/es", payload: spanish, as: manager });
    expect(missing.statusCode).toBe(404);

    const saved = await t.request({ method: "PUT", url, payload: spanish, as: manager });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id, title: "Seguridad con escaleras", language: "es" });
    expect((await t.request({ method: "GET", url: `/api/training-modules/${id}`, as: spanishWorker })).json()).toMatchObject({
      title: "Seguridad con escaleras",
      language: "es",
    });
    const replaced = await t.request({ method: "PUT", url, payload: { ...spanish, title: "Escaleras portátiles" }, as: manager });
    expect(replaced.json().title).toBe("Escaleras portátiles");
    expect((await t.request({ method: "GET", url: `/api/training-modules/${id}`, as: worker })).json().title).toBe("Ladder Safety");
  });
});
