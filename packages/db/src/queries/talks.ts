import type { AttendedTalk } from "@sitesafe/domain";
import { type Kysely, sql } from "kysely";
import { emptyList, keyset, type ListSource, listSource } from "../listSource.js";
import type { Database } from "../types.js";
import { userDisplayName } from "./names.js";
import { containsPattern } from "./search.js";

/** Queries for toolbox talks (issue #34): each takes the database (or a transaction) first. */

export interface TalkTopic {
  id: number;
  language: "en" | "es";
  title: string;
  content: string;
  trainingModuleId: number | null;
  videoId: number | null;
  createdByName: string | null;
  createdAt: Date;
}

/** The library, English topics and Spanish ones, by title. */
export async function listTopics(db: Kysely<Database>): Promise<TalkTopic[]> {
  return db
    .selectFrom("toolboxTalkTopics as t")
    .leftJoin("users as u", "u.id", "t.createdBy")
    .select([
      "t.id",
      "t.language",
      "t.title",
      "t.content",
      "t.trainingModuleId",
      "t.videoId",
      userDisplayName("u").as("createdByName"),
      "t.createdAt",
    ])
    .orderBy("t.language")
    .orderBy("t.title")
    .orderBy("t.id")
    .limit(1000)
    .execute();
}

export async function findTopic(db: Kysely<Database>, id: number) {
  return db.selectFrom("toolboxTalkTopics").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertTopic(
  db: Kysely<Database>,
  topic: {
    language: "en" | "es";
    title: string;
    content: string;
    trainingModuleId: number | null;
    videoId: number | null;
    createdBy: number;
  },
): Promise<number> {
  const { id } = await db.insertInto("toolboxTalkTopics").values(topic).returning("id").executeTakeFirstOrThrow();
  return id;
}

export interface Talk {
  id: number;
  projectId: number;
  projectName: string;
  topicId: number | null;
  title: string;
  content: string;
  language: "en" | "es";
  talkDate: string;
  presenterWorkerId: number | null;
  presenterName: string;
  notes: string | null;
  trainingModuleId: number | null;
  /** The linked training module's and safety video's titles (visible to everyone signed in). */
  trainingModuleTitle: string | null;
  videoId: number | null;
  videoTitle: string | null;
  attendeeCount: number;
  createdAt: Date;
}

const attendees = sql<number>`(select count(*)::int from crew_signatures s where s.toolbox_talk_id = k.id)`;

function talksQuery(db: Kysely<Database>) {
  return db
    .selectFrom("toolboxTalks as k")
    .innerJoin("projects as p", "p.id", "k.projectId")
    .leftJoin("trainingModules as tm", "tm.id", "k.trainingModuleId")
    .leftJoin("safetyVideos as sv", "sv.id", "k.videoId")
    .select([
      "k.id",
      "k.projectId",
      "p.name as projectName",
      "k.topicId",
      "k.title",
      "k.content",
      "k.language",
      "k.talkDate",
      "k.presenterWorkerId",
      "k.presenterName",
      "k.notes",
      "k.trainingModuleId",
      "tm.title as trainingModuleTitle",
      "k.videoId",
      "sv.title as videoTitle",
      attendees.as("attendeeCount"),
      "k.createdAt",
    ]);
}

export interface ListTalksOptions {
  /** Only these projects (a worker's assignments); undefined means every project. */
  projectIds?: readonly number[] | undefined;
  projectId?: number | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Newest talk first, to read whole, page by page or streamed (listSource.ts). */
export function talkList(db: Kysely<Database>, options: ListTalksOptions = {}): ListSource<Talk> {
  if (options.projectIds && options.projectIds.length === 0) return emptyList();
  let query = talksQuery(db).orderBy("k.talkDate", "desc").orderBy("k.id", "desc");
  if (options.projectIds) query = query.where("k.projectId", "in", [...options.projectIds]);
  if (options.projectId !== undefined) query = query.where("k.projectId", "=", options.projectId);
  const q = options.search?.trim();
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(k.title)`, "like", pattern),
        eb(sql`lower(k.presenter_name)`, "like", pattern),
        eb(sql`lower(p.name)`, "like", pattern),
      ]),
    );
  }
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return listSource(query, keyset("desc", ["k.talkDate", "date"], ["k.id", "integer"]));
}

export async function findTalk(db: Kysely<Database>, id: number): Promise<Talk | undefined> {
  return talksQuery(db).where("k.id", "=", id).executeTakeFirst();
}

export interface NewTalk {
  projectId: number;
  topicId: number | null;
  title: string;
  content: string;
  language: "en" | "es";
  talkDate: string;
  presenterWorkerId: number | null;
  presenterName: string;
  notes: string | null;
  trainingModuleId: number | null;
  videoId: number | null;
  createdBy: number;
}

export async function insertTalk(db: Kysely<Database>, talk: NewTalk): Promise<number> {
  const { id } = await db.insertInto("toolboxTalks").values(talk).returning("id").executeTakeFirstOrThrow();
  return id;
}

/**
 * The talks a worker signed the attendance of, newest first, one row per talk, only on `projectIds`
 * when given (the viewer's projects), at most `limit`.
 */
export async function talksAttendedBy(
  db: Kysely<Database>,
  workerId: number,
  options: { projectIds?: readonly number[] | undefined; limit: number },
): Promise<AttendedTalk[]> {
  if (options.projectIds && options.projectIds.length === 0) return [];
  let query = db
    .selectFrom("crewSignatures as s")
    .innerJoin("toolboxTalks as k", "k.id", "s.toolboxTalkId")
    .innerJoin("projects as p", "p.id", "k.projectId")
    .select(["k.id as talkId", "k.title", "k.talkDate", "k.projectId", "p.name as projectName", sql<Date>`max(s.signed_at)`.as("signedAt")])
    .where("s.workerId", "=", workerId)
    .groupBy(["k.id", "p.name"])
    .orderBy("k.talkDate", "desc")
    .orderBy("k.id", "desc")
    .limit(options.limit);
  if (options.projectIds) query = query.where("k.projectId", "in", [...options.projectIds]);
  return query.execute();
}

export interface WeekTalk {
  id: number;
  title: string;
  talkDate: string;
  attendeeCount: number;
}

/** A project's talks dated in [from, to) (YYYY-MM-DD): the one filter of the project card and the briefing coverage. */
function projectTalksIn(db: Kysely<Database>, projectId: number, from: string, to: string) {
  return db
    .selectFrom("toolboxTalks as k")
    .where("k.projectId", "=", projectId)
    .where("k.talkDate", ">=", from)
    .where("k.talkDate", "<", to);
}

/** A project's talks dated in [from, to), oldest first, with their attendance counts, at most `limit`. */
export async function projectTalksBetween(
  db: Kysely<Database>,
  projectId: number,
  from: string,
  to: string,
  limit: number,
): Promise<WeekTalk[]> {
  return projectTalksIn(db, projectId, from, to)
    .select(["k.id", "k.title", "k.talkDate", attendees.as("attendeeCount")])
    .orderBy("k.talkDate")
    .orderBy("k.id")
    .limit(limit)
    .execute();
}

/** How many talks a project held in [from, to) (the briefing coverage's week). */
export async function talkCountBetween(db: Kysely<Database>, projectId: number, from: string, to: string): Promise<number> {
  const row = await projectTalksIn(db, projectId, from, to).select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return row.n;
}
