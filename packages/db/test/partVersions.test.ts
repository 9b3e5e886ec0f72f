import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../src/index.js";
import { currentVersions, PART_BUCKETS, partName } from "../src/queries/dataVersions.js";
import { createTestDb } from "../src/testing.js";

// The bucket counters of parted tables (migration 0017_part_versions): a write moves the bucket of
// the row's column value, old and new, once per commit, and the whole table's counter as before.

let handle: DbHandle;
let projectA: number;
let projectB: number;
beforeAll(async () => {
  handle = await createTestDb();
  const ids = await handle.db
    .insertInto("projects")
    .values([
      { name: "North tower", location: "Lot 1", startDate: "2026-01-05", emergencyContactInfo: "{}" },
      { name: "South garage", location: "Lot 2", startDate: "2026-01-05", emergencyContactInfo: "{}" },
    ])
    .returning("id")
    .execute();
  [projectA, projectB] = ids.map((r) => r.id) as [number, number];
  // Two projects in different buckets, so a move between them shows in both.
  expect(projectA % PART_BUCKETS).not.toBe(projectB % PART_BUCKETS);
});
afterAll(() => handle.close());

/** Every counter of `table`: the whole one and each bucket's. */
async function countersOf(table: string) {
  const versions = await currentVersions(handle.db);
  const buckets = Array.from({ length: PART_BUCKETS }, (_, b) => versions.get(`${table}#${b}`) ?? 0);
  return { whole: versions.get(table) ?? 0, buckets };
}

/** What moved between two readings: the whole counter's step and each moved bucket's step. */
function moved(before: Awaited<ReturnType<typeof countersOf>>, after: Awaited<ReturnType<typeof countersOf>>) {
  const buckets: Record<number, number> = {};
  after.buckets.forEach((n, b) => {
    if (n !== before.buckets[b]) buckets[b] = n - (before.buckets[b] ?? 0);
  });
  return { whole: after.whole - before.whole, buckets };
}

// Plain SQL: the columns with defaults are left to the database.
const fileReport = async (projectId: number, title: string, db = handle.db) =>
  (await sql<{ id: number }>`insert into incident_reports (project_id, title) values (${projectId}, ${title}) returning id`.execute(db))
    .rows[0] as { id: number };

describe("bucket counters of parted tables", () => {
  it("names a key's bucket by its remainder", () => {
    expect(partName("incident_reports", 3)).toBe("incident_reports#3");
    expect(partName("incident_reports", 3 + PART_BUCKETS)).toBe("incident_reports#3");
    expect(partName("jha_comments", 128)).toBe("jha_comments#0");
  });

  it("an insert moves its project's bucket and the whole counter, once per commit however many rows", async () => {
    const before = await countersOf("incident_reports");
    await handle.db.transaction().execute(async (trx) => {
      await fileReport(projectA, "Ladder slipped", trx);
      await fileReport(projectA, "Cut on rebar", trx);
    });
    expect(moved(before, await countersOf("incident_reports"))).toEqual({ whole: 1, buckets: { [projectA % PART_BUCKETS]: 1 } });
  });

  it("an update that moves a report to another project moves both buckets; a delete moves its bucket", async () => {
    const { id } = await fileReport(projectA, "Trip hazard");
    const before = await countersOf("incident_reports");
    await handle.db.updateTable("incidentReports").set({ projectId: projectB }).where("id", "=", id).execute();
    expect(moved(before, await countersOf("incident_reports"))).toEqual({
      whole: 1,
      buckets: { [projectA % PART_BUCKETS]: 1, [projectB % PART_BUCKETS]: 1 },
    });
    const beforeDelete = await countersOf("incident_reports");
    await handle.db.deleteFrom("incidentReports").where("id", "=", id).execute();
    expect(moved(beforeDelete, await countersOf("incident_reports"))).toEqual({ whole: 1, buckets: { [projectB % PART_BUCKETS]: 1 } });
  });

  it("a statement that changes no row moves no bucket; a rolled back write moves nothing", async () => {
    const before = await countersOf("incident_reports");
    await handle.db.updateTable("incidentReports").set({ title: "x" }).where("id", "=", -1).execute();
    expect(moved(before, await countersOf("incident_reports"))).toEqual({ whole: 1, buckets: {} });
    const beforeRollback = await countersOf("incident_reports");
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await fileReport(projectB, "Never filed", trx);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(moved(beforeRollback, await countersOf("incident_reports"))).toEqual({ whole: 0, buckets: {} });
  });

  it("JHA comments are parted by their form, safety messages by their author, permits and JHA forms by project", async () => {
    const { id: userId } = await handle.db
      .insertInto("users")
      .values({ username: "parts.worker", email: "parts.worker@example.com", passwordHash: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const formsBefore = await countersOf("jha_forms");
    const formId = (
      await sql<{ id: number }>`insert into jha_forms (project_id, title) values (${projectB}, 'Roof work') returning id`.execute(handle.db)
    ).rows[0]?.id as number;
    expect(moved(formsBefore, await countersOf("jha_forms"))).toEqual({ whole: 1, buckets: { [projectB % PART_BUCKETS]: 1 } });

    const commentsBefore = await countersOf("jha_comments");
    await handle.db.insertInto("jhaComments").values({ jhaFormId: formId, userId, content: "Read it" }).execute();
    expect(moved(commentsBefore, await countersOf("jha_comments"))).toEqual({ whole: 1, buckets: { [formId % PART_BUCKETS]: 1 } });

    const messagesBefore = await countersOf("safety_comments");
    await handle.db.insertInto("safetyComments").values({ userId, title: "Loose railing", content: "East stair" }).execute();
    expect(moved(messagesBefore, await countersOf("safety_comments"))).toEqual({ whole: 1, buckets: { [userId % PART_BUCKETS]: 1 } });

    const permitsBefore = await countersOf("hot_work_permits");
    await sql`insert into hot_work_permits (project_id, title, work_description, location, start_date, end_date)
      values (${projectA}, 'Stair stringers', 'Weld stair stringers', 'Level 2', current_date, current_date)`.execute(handle.db);
    expect(moved(permitsBefore, await countersOf("hot_work_permits"))).toEqual({ whole: 1, buckets: { [projectA % PART_BUCKETS]: 1 } });
  });

  it("a truncate moves every bucket", async () => {
    await fileReport(projectA, "Before the truncate");
    const before = await countersOf("incident_reports");
    await sql`truncate incident_reports cascade`.execute(handle.db);
    const change = moved(before, await countersOf("incident_reports"));
    expect(change.whole).toBe(1);
    expect(Object.keys(change.buckets)).toHaveLength(PART_BUCKETS);
    expect(new Set(Object.values(change.buckets))).toEqual(new Set([1]));
  });
});
