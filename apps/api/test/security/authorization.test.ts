import { SESSION_REQUIRED } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { procedureOf } from "../../src/openapi/document.js";
import { restRoutes } from "../../src/rest/index.js";
import { appRouter } from "../../src/router.js";
import { createTestApp, type TestApp, type TestUser } from "../helpers.js";
import {
  ACTORS,
  type ActorName,
  actorUser,
  commentBody,
  correctiveActionBody,
  createFixture,
  credentialBody,
  credentialImportBody,
  credentialRequirementBody,
  credentialTypeBody,
  FIXTURE_PASSWORD,
  type Fixture,
  guestSignOnBody,
  incidentBody,
  inspectionBody,
  inspectionScheduleBody,
  inspectionTemplateBody,
  jhaBody,
  moduleBody,
  multipartBody,
  PDF_BYTES,
  PHOTO_PNG,
  permitBody,
  projectBody,
  signOnBody,
  signOnLinkBody,
  tableDigest,
  talkBody,
  talkTopicBody,
  uid,
  videoBody,
  workerBody,
} from "./fixture.js";

/**
 * Every REST route (docs/api.md, plus the extra routes the
 * REST table serves) against five actors, with the outcome docs/product.md
 * section 3 call for. ONE table; each cell is its own test, named "METHOD path [variant] as actor".
 *
 *   anon    signed out                     admin / manager   staff
 *   w1      worker assigned to P; files every record of the fixture (reporter, requester, author)
 *   w2      worker assigned to Q only: must not see or touch anything of P or of W1
 *
 * Refusals: 401 signed out; 403 for a role or project the actor may not use; 404 only where the
 * implementation documents it (safety messages and private JHA comments of someone else answer
 * 404 so the id is not confirmed: commentStateMachine.ts `canSeeComment`, policy.ts
 * `canSeeJhaComment`); 409 where the role may act but the state forbids it (permitStateMachine).
 * Every write cell gets a fresh fixture, and a refused write must leave every table unchanged.
 */

type Expect = Record<ActorName, number>;
const e = (anon: number, admin: number, manager: number, w1: number, w2: number): Expect => ({ anon, admin, manager, w1, w2 });
/** Any signed-in user. */
const signedIn = (ok: number) => e(401, ok, ok, ok, ok);
/** Admin and manager. */
const staff = (ok: number) => e(401, ok, ok, 403, 403);
const adminOnly = (ok: number) => e(401, ok, 403, 403, 403);
/** Staff, and a worker assigned to the record's project (or the record's own worker); not W2. */
const projectScoped = (ok: number) => e(401, ok, ok, ok, 403);
/** Only the worker whose record it is (progress writes): staff have no profile of that worker. */
const ownerOnly = (ok: number) => e(401, 403, 403, ok, 403);

interface Row {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The Fastify route pattern (checked against the server's REST table). */
  path: string;
  variant?: string;
  url: (f: Fixture) => string;
  body?: (f: Fixture, actor: ActorName) => unknown;
  /** A multipart upload: a safety plan (true) or a photo. */
  multipart?: boolean | "photo";
  expect: Expect;
  /** The outcome with service tokens, where it differs from the cookie session's. */
  bearer?: Expect;
  /** Why the expectation is what it is, when the product rules are not explicit. */
  why?: string;
}

// prettier-ignore
const MATRIX: Row[] = [
  // ---- session and account
  { method: "GET", path: "/api/health", url: () => "/api/health", expect: e(200, 200, 200, 200, 200), why: "public health check" },
  {
    method: "GET",
    path: "/api/bare",
    url: () => "/api/bare",
    expect: e(200, 200, 200, 200, 200),
    why: "public constant answer (benchmark)",
  },
  { method: "GET", path: "/api/user", url: () => "/api/user", expect: signedIn(200) },
  {
    method: "PUT",
    path: "/api/user/language",
    url: () => "/api/user/language",
    body: () => ({ language: "es" }),
    expect: signedIn(200),
    why: "everyone chooses their own language",
  },
  {
    method: "POST",
    path: "/api/login",
    url: () => "/api/login",
    body: (f, a) => ({ username: (actorUser(f, a) ?? f.w1).username, password: FIXTURE_PASSWORD }),
    expect: e(200, 200, 200, 200, 200),
  },
  {
    method: "POST",
    path: "/api/register",
    url: () => "/api/register",
    body: () => ({
      username: `reg_${uid()}`,
      email: `reg_${uid()}@example.com`,
      firstName: "Reg",
      lastName: "Istered",
      password: "secret12",
      role: "worker",
      company: "Acme",
      hardhatNumber: "HH-R",
    }),
    expect: e(201, 201, 201, 201, 201),
    why: "public; a signed-in visitor may register another worker account too",
  },
  {
    method: "POST",
    path: "/api/register",
    variant: "manager with invite token",
    url: () => "/api/register",
    body: (f) => ({
      username: `mgr_${uid()}`,
      email: `mgr_${uid()}@example.com`,
      firstName: "Mia",
      lastName: "Mgr",
      password: "secret12",
      role: "manager",
      inviteToken: f.inviteToken,
    }),
    expect: e(201, 201, 201, 201, 201),
  },
  { method: "POST", path: "/api/logout", url: () => "/api/logout", expect: e(200, 200, 200, 200, 200) },
  {
    method: "POST",
    path: "/api/change-password",
    url: () => "/api/change-password",
    body: () => ({ currentPassword: FIXTURE_PASSWORD, newPassword: "NewPassw0rd!" }),
    expect: signedIn(200),
    bearer: signedIn(403),
    why: "a service token cannot change its owner's password",
  },
  {
    method: "POST",
    path: "/api/reset-password",
    url: () => "/api/reset-password",
    body: (f) => ({ userId: f.w1.id, password: "NewPassw0rd1" }),
    expect: adminOnly(200),
    bearer: signedIn(403),
    why: "session only: a password a token sets would sign in and mint a token that never expires (issue #30)",
  },
  // ---- the job queue
  {
    method: "GET",
    path: "/api/admin/failed-jobs",
    url: () => "/api/admin/failed-jobs",
    expect: adminOnly(200),
    why: "failed jobs name queues and errors of every area: admins run the server (docs/decisions/0116-job-queue.md)",
  },
  // ---- users and invite tokens
  { method: "GET", path: "/api/users", url: () => "/api/users", expect: adminOnly(200) },
  { method: "GET", path: "/api/users/:id", url: (f) => `/api/users/${f.w1.id}`, expect: adminOnly(200) },
  { method: "DELETE", path: "/api/users/:id", url: (f) => `/api/users/${f.w1.id}`, expect: adminOnly(204) },
  {
    method: "GET",
    path: "/api/workers/byUserId/:userId",
    url: (f) => `/api/workers/byUserId/${f.w1.id}`,
    expect: projectScoped(200),
    why: "staff, or the user themself",
  },
  {
    method: "GET",
    path: "/api/worker-profile",
    url: () => "/api/worker-profile",
    expect: signedIn(200),
    why: "own profile (null for an admin without one)",
  },
  {
    method: "POST",
    path: "/api/invite-tokens",
    url: () => "/api/invite-tokens",
    body: () => ({ role: "manager" }),
    expect: staff(201),
    bearer: signedIn(403),
    why: "docs/product.md: generate invite tokens admin + manager; session only (issue #30)",
  },
  {
    method: "POST",
    path: "/api/invite-tokens",
    variant: "admin role",
    url: () => "/api/invite-tokens",
    body: () => ({ role: "admin" }),
    expect: adminOnly(201),
    bearer: signedIn(403),
    why: "a manager must not mint admin tokens (self-promotion); session only (issue #30)",
  },
  {
    method: "GET",
    path: "/api/invite-tokens",
    url: () => "/api/invite-tokens",
    expect: staff(200),
    why: "issuers (admin + manager) list them; the page is admin only",
  },
  {
    method: "DELETE",
    path: "/api/invite-tokens/:id",
    url: (f) => `/api/invite-tokens/${f.inviteTokenId}`,
    expect: staff(204),
    why: "docs/product.md: delete invite tokens admin + manager",
  },
  {
    method: "DELETE",
    path: "/api/invite-tokens/:id",
    variant: "admin token",
    url: (f) => `/api/invite-tokens/${f.adminInviteTokenId}`,
    expect: e(401, 204, 404, 403, 403),
    why: "docs/decisions/0004: managers handle manager tokens only; to them an admin token is not there",
  },
  // ---- service tokens (docs/decisions/0110-api-consumers.md)
  { method: "GET", path: "/api/tokens", url: () => "/api/tokens", expect: signedIn(200), why: "everyone lists their own" },
  {
    method: "POST",
    path: "/api/tokens",
    url: () => "/api/tokens",
    body: () => ({ name: "matrix", scope: "read" }),
    expect: signedIn(201),
    bearer: signedIn(403),
    why: "a token cannot mint tokens: a password session is required",
  },
  {
    method: "DELETE",
    path: "/api/tokens/:id",
    url: (f) => `/api/tokens/${f.w1ServiceTokenId}`,
    expect: e(401, 404, 404, 204, 404),
    bearer: signedIn(403),
    why: "one's own tokens only: someone else's is not found; session only (issue #30)",
  },
  { method: "GET", path: "/api/users/:id/tokens", url: (f) => `/api/users/${f.w1.id}/tokens`, expect: adminOnly(200) },
  {
    method: "DELETE",
    path: "/api/users/:id/tokens/:tokenId",
    url: (f) => `/api/users/${f.w1.id}/tokens/${f.w1ServiceTokenId}`,
    expect: adminOnly(204),
    bearer: signedIn(403),
    why: "session only (issue #30)",
  },
  // ---- projects
  {
    method: "GET",
    path: "/api/projects",
    url: () => "/api/projects",
    expect: signedIn(200),
    why: "workers get only their assigned projects (checked in the replay tests)",
  },
  { method: "GET", path: "/api/projects/stats", url: () => "/api/projects/stats", expect: signedIn(200) },
  { method: "POST", path: "/api/projects", url: () => "/api/projects", body: projectBody, expect: staff(201) },
  { method: "GET", path: "/api/projects/:id", url: (f) => `/api/projects/${f.projectP}`, expect: projectScoped(200) },
  { method: "PUT", path: "/api/projects/:id", url: (f) => `/api/projects/${f.projectP}`, body: projectBody, expect: staff(200) },
  { method: "DELETE", path: "/api/projects/:id", url: (f) => `/api/projects/${f.projectP}`, expect: staff(204) },
  {
    method: "PUT",
    path: "/api/projects/:id/fire-watch-minutes",
    url: (f) => `/api/projects/${f.projectP}/fire-watch-minutes`,
    body: () => ({ minutes: 45 }),
    expect: staff(200),
    why: "the site's fire-watch length is set with the project, by staff",
  },
  {
    method: "GET",
    path: "/api/projects/:id/workers",
    url: (f) => `/api/projects/${f.projectP}/workers`,
    expect: staff(200),
    why: "the Workers tab is for non-workers only",
  },
  {
    method: "POST",
    path: "/api/projects/:id/workers",
    url: (f) => `/api/projects/${f.projectP}/workers`,
    body: (f) => ({ workerId: f.w2.workerId }),
    expect: staff(201),
  },
  {
    method: "DELETE",
    path: "/api/projects/:id/workers/:workerId",
    url: (f) => `/api/projects/${f.projectP}/workers/${f.w1.workerId}`,
    expect: staff(204),
  },
  {
    method: "GET",
    path: "/api/projects/:id/safety-plan",
    url: (f) => `/api/projects/${f.projectP}/safety-plan`,
    expect: projectScoped(200),
  },
  {
    method: "POST",
    path: "/api/projects/:id/safety-plan",
    url: (f) => `/api/projects/${f.projectP}/safety-plan`,
    multipart: true,
    expect: staff(201),
  },
  { method: "DELETE", path: "/api/projects/:id/safety-plan", url: (f) => `/api/projects/${f.projectP}/safety-plan`, expect: staff(204) },
  {
    method: "GET",
    path: "/api/projects/:id/safety-plan/download",
    url: (f) => `/api/projects/${f.projectP}/safety-plan/download`,
    expect: projectScoped(200),
    why: "extension: the plan's bytes, for whoever sees the project",
  },
  {
    method: "GET",
    path: "/api/safety-plans",
    url: () => "/api/safety-plans",
    expect: staff(200),
    why: "extension: /safety/plans page, admin + manager",
  },
  // ---- workers and managers
  { method: "GET", path: "/api/workers", url: () => "/api/workers", expect: staff(200) },
  { method: "POST", path: "/api/workers", url: () => "/api/workers", body: workerBody, expect: staff(201) },
  {
    method: "GET",
    path: "/api/workers/:id",
    url: (f) => `/api/workers/${f.w1.workerId}`,
    expect: projectScoped(200),
    why: "staff, or the worker's own profile",
  },
  {
    method: "PUT",
    path: "/api/workers/:id",
    url: (f) => `/api/workers/${f.w1.workerId}`,
    body: () => ({ firstName: "Changed", phone: "5559876543" }),
    expect: staff(200),
  },
  { method: "DELETE", path: "/api/workers/:id", url: (f) => `/api/workers/${f.w1.workerId}`, expect: staff(204) },
  {
    method: "GET",
    path: "/api/workers/:id/projects",
    url: (f) => `/api/workers/${f.w1.workerId}/projects`,
    expect: projectScoped(200),
    why: "staff, or the worker's own",
  },
  {
    method: "GET",
    path: "/api/managers",
    url: () => "/api/managers",
    expect: staff(200),
    why: "extension: managers list, admin + manager",
  },
  {
    method: "POST",
    path: "/api/managers",
    url: () => "/api/managers",
    body: () => {
      const { role: _r, ...rest } = workerBody();
      return rest;
    },
    expect: adminOnly(201),
    bearer: signedIn(403),
    why: "docs/product.md: add manager, admin only; session only: a staff account is power a token must not grant (issue #30)",
  },
  // ---- JHA forms
  { method: "GET", path: "/api/jha-forms", url: () => "/api/jha-forms", expect: signedIn(200) },
  {
    method: "GET",
    path: "/api/jha-forms",
    variant: "?projectId=P",
    url: (f) => `/api/jha-forms?projectId=${f.projectP}`,
    expect: projectScoped(200),
  },
  { method: "POST", path: "/api/jha-forms", url: () => "/api/jha-forms", body: jhaBody, expect: projectScoped(201) },
  {
    method: "GET",
    path: "/api/jha-forms/:id",
    url: (f) => `/api/jha-forms/${f.jhaFormId}`,
    expect: projectScoped(200),
    why: "A 403 on a JHA detail is access denied (a product rule)",
  },
  {
    method: "PUT",
    path: "/api/jha-forms/:id",
    url: (f) => `/api/jha-forms/${f.jhaFormId}`,
    body: jhaBody,
    expect: staff(200),
    why: "edit JHA: admin, manager; workers 'not shown' -> refused",
  },
  { method: "DELETE", path: "/api/jha-forms/:id", url: (f) => `/api/jha-forms/${f.jhaFormId}`, expect: adminOnly(204) },
  {
    method: "GET",
    path: "/api/jha-forms/:id/comments",
    url: (f) => `/api/jha-forms/${f.jhaFormId}/comments`,
    expect: projectScoped(200),
    why: "extension: JHA comments",
  },
  {
    method: "POST",
    path: "/api/jha-forms/:id/comments",
    url: (f) => `/api/jha-forms/${f.jhaFormId}/comments`,
    body: () => ({ content: "Checked the shoring", visibility: "public" }),
    expect: projectScoped(201),
  },
  {
    method: "PUT",
    path: "/api/jha-comments/:id",
    url: (f) => `/api/jha-comments/${f.jhaCommentId}`,
    body: () => ({ content: "Edited note" }),
    expect: e(401, 403, 403, 200, 404),
    why: "author only; W2 cannot see W1's private comment -> 404 (canSeeJhaComment)",
  },
  {
    method: "DELETE",
    path: "/api/jha-comments/:id",
    url: (f) => `/api/jha-comments/${f.jhaCommentId}`,
    expect: e(401, 204, 403, 204, 404),
    why: "author or admin; W2 -> 404 as above",
  },
  // ---- crew sign-on (issue #34): seen with the record; staff and the record's filer collect the crew's signatures
  { method: "GET", path: "/api/jha-forms/:id/sign-on", url: (f) => `/api/jha-forms/${f.jhaFormId}/sign-on`, expect: projectScoped(200) },
  {
    method: "POST",
    path: "/api/jha-forms/:id/sign-on",
    url: (f) => `/api/jha-forms/${f.jhaFormId}/sign-on`,
    body: signOnBody,
    expect: projectScoped(201),
    why: "staff sign W1 in on a handed-round device; W1 signs for themself; W2 does not see project P",
  },
  {
    method: "POST",
    path: "/api/jha-forms/:id/sign-on",
    variant: "crew member without an account",
    url: (f) => `/api/jha-forms/${f.jhaFormId}/sign-on`,
    body: guestSignOnBody,
    expect: projectScoped(201),
    why: "W1 submitted the JHA, so W1 collects its crew's signatures",
  },
  {
    method: "GET",
    path: "/api/hot-work-permits/:id/sign-on",
    url: (f) => `/api/hot-work-permits/${f.permitId}/sign-on`,
    expect: projectScoped(200),
  },
  {
    method: "POST",
    path: "/api/hot-work-permits/:id/sign-on",
    url: (f) => `/api/hot-work-permits/${f.approvedPermitId}/sign-on`,
    body: guestSignOnBody,
    expect: projectScoped(201),
    why: "W1 requested the permit, so W1 collects its crew's signatures",
  },
  {
    method: "GET",
    path: "/api/sign-on-signatures/:id",
    url: (f) => `/api/sign-on-signatures/${f.signatureId}`,
    expect: projectScoped(200),
  },
  // ---- public sign-on links (issue #34): made and revoked by whoever collects the record's sign-on; used by anyone with the token
  {
    method: "POST",
    path: "/api/sign-on-links",
    url: () => "/api/sign-on-links",
    body: signOnLinkBody,
    expect: projectScoped(201),
    why: "W1 submitted the JHA, so W1 collects its sign-on",
  },
  {
    method: "GET",
    path: "/api/sign-on-links",
    url: (f) => `/api/sign-on-links?kind=jha&id=${f.jhaFormId}`,
    expect: projectScoped(200),
  },
  { method: "DELETE", path: "/api/sign-on-links/:id", url: (f) => `/api/sign-on-links/${f.linkId}`, expect: projectScoped(204) },
  {
    method: "GET",
    path: "/api/public/sign-on/:token",
    url: (f) => `/api/public/sign-on/${f.linkToken}`,
    expect: e(200, 200, 200, 200, 200),
    why: "public: the token is the key, and the answer is the briefing only",
  },
  {
    method: "POST",
    path: "/api/public/sign-on/:token",
    url: (f) => `/api/public/sign-on/${f.linkToken}`,
    body: guestSignOnBody,
    expect: e(201, 201, 201, 201, 201),
    why: "public: anyone with the link signs, by name and company, marked as made through the link",
  },
  {
    method: "GET",
    path: "/api/sign-on/coverage",
    url: (f) => `/api/sign-on/coverage?projectId=${f.projectP}`,
    expect: staff(200),
    why: "reporting: briefing coverage is for staff",
  },
  {
    method: "GET",
    path: "/api/sign-on/coverage",
    variant: "CSV",
    url: (f) => `/api/sign-on/coverage?projectId=${f.projectP}&format=csv`,
    expect: staff(200),
  },
  // ---- toolbox talks (issue #34): the library is read by all and added to by staff; talks are seen with their project
  { method: "GET", path: "/api/toolbox-talk-topics", url: () => "/api/toolbox-talk-topics", expect: signedIn(200) },
  {
    method: "POST",
    path: "/api/toolbox-talk-topics",
    url: () => "/api/toolbox-talk-topics",
    body: talkTopicBody,
    expect: staff(201),
    why: "staff add to the library of talks",
  },
  { method: "GET", path: "/api/toolbox-talks", url: () => "/api/toolbox-talks", expect: signedIn(200) },
  {
    method: "POST",
    path: "/api/toolbox-talks",
    url: () => "/api/toolbox-talks",
    body: talkBody,
    expect: staff(201),
    why: "staff and crew leads (Foreman, Superintendent, ...) give talks; W1 and W2 are neither",
  },
  { method: "GET", path: "/api/toolbox-talks/:id", url: (f) => `/api/toolbox-talks/${f.talkId}`, expect: projectScoped(200) },
  {
    method: "GET",
    path: "/api/workers/:workerId/toolbox-talks",
    url: (f) => `/api/workers/${f.w1.workerId}/toolbox-talks`,
    expect: projectScoped(200),
    why: "a worker's talks attended are read with their profile: staff, and W1 for their own",
  },
  {
    method: "GET",
    path: "/api/projects/:id/toolbox-talks",
    url: (f) => `/api/projects/${f.projectP}/toolbox-talks`,
    expect: projectScoped(200),
    why: "a project's talks per week are seen with the project",
  },
  {
    method: "GET",
    path: "/api/toolbox-talks/:id",
    variant: "attendance PDF",
    url: (f) => `/api/toolbox-talks/${f.talkId}?format=pdf`,
    expect: projectScoped(200),
  },
  {
    method: "GET",
    path: "/api/toolbox-talks/:id",
    variant: "attendance CSV",
    url: (f) => `/api/toolbox-talks/${f.talkId}?format=csv`,
    expect: projectScoped(200),
  },
  {
    method: "GET",
    path: "/api/toolbox-talks/:id/sign-on",
    url: (f) => `/api/toolbox-talks/${f.talkId}/sign-on`,
    expect: projectScoped(200),
  },
  {
    method: "POST",
    path: "/api/toolbox-talks/:id/sign-on",
    url: (f) => `/api/toolbox-talks/${f.talkId}/sign-on`,
    body: guestSignOnBody,
    expect: projectScoped(201),
    why: "W1 presents the talk, so W1 collects its attendance",
  },
  // ---- incident reports
  { method: "GET", path: "/api/incident-reports", url: () => "/api/incident-reports", expect: signedIn(200) },
  {
    method: "GET",
    path: "/api/incident-reports",
    variant: "?projectId=P",
    url: (f) => `/api/incident-reports?projectId=${f.projectP}`,
    expect: projectScoped(200),
  },
  { method: "POST", path: "/api/incident-reports", url: () => "/api/incident-reports", body: incidentBody, expect: projectScoped(201) },
  { method: "GET", path: "/api/incident-reports/:id", url: (f) => `/api/incident-reports/${f.incidentId}`, expect: projectScoped(200) },
  {
    method: "PUT",
    path: "/api/incident-reports/:id",
    url: (f) => `/api/incident-reports/${f.incidentId}`,
    body: incidentBody,
    expect: projectScoped(200),
    why: "W1 reported it",
  },
  {
    method: "DELETE",
    path: "/api/incident-reports/:id",
    url: (f) => `/api/incident-reports/${f.incidentId}`,
    expect: projectScoped(204),
    why: "W1 reported it",
  },
  // ---- photos (docs/decisions/0108-photos.md): seen with the record; added and deleted by staff or the record's filer
  {
    method: "GET",
    path: "/api/incident-reports/:id/photos",
    url: (f) => `/api/incident-reports/${f.incidentId}/photos`,
    expect: projectScoped(200),
  },
  {
    method: "POST",
    path: "/api/incident-reports/:id/photos",
    url: (f) => `/api/incident-reports/${f.incidentId}/photos`,
    multipart: "photo",
    expect: projectScoped(201),
    why: "W1 reported it",
  },
  { method: "GET", path: "/api/jha-forms/:id/photos", url: (f) => `/api/jha-forms/${f.jhaFormId}/photos`, expect: projectScoped(200) },
  {
    method: "POST",
    path: "/api/jha-forms/:id/photos",
    url: (f) => `/api/jha-forms/${f.jhaFormId}/photos`,
    multipart: "photo",
    expect: projectScoped(201),
    why: "W1 submitted it: a JHA's submitter documents it with photos",
  },
  {
    method: "GET",
    path: "/api/toolbox-talks/:id/photos",
    url: (f) => `/api/toolbox-talks/${f.talkId}/photos`,
    expect: projectScoped(200),
  },
  {
    method: "POST",
    path: "/api/toolbox-talks/:id/photos",
    url: (f) => `/api/toolbox-talks/${f.talkId}/photos`,
    multipart: "photo",
    expect: projectScoped(201),
    why: "W1 presents the talk: the group photo follows the talk's edit rule (talk.update)",
  },
  // ---- credentials (issue #36): a worker's cards are read with their profile; staff verify, never their own
  { method: "GET", path: "/api/credential-types", url: () => "/api/credential-types", expect: signedIn(200) },
  {
    method: "POST",
    path: "/api/credential-types",
    url: () => "/api/credential-types",
    body: credentialTypeBody,
    expect: staff(201),
    why: "staff extend the list of types",
  },
  { method: "GET", path: "/api/credential-requirements", url: () => "/api/credential-requirements", expect: staff(200) },
  {
    method: "POST",
    path: "/api/credential-requirements",
    url: () => "/api/credential-requirements",
    body: credentialRequirementBody,
    expect: staff(201),
  },
  {
    method: "DELETE",
    path: "/api/credential-requirements/:id",
    url: (f) => `/api/credential-requirements/${f.credentialRequirementId}`,
    expect: staff(204),
  },
  {
    method: "GET",
    path: "/api/workers/:workerId/credentials",
    url: (f) => `/api/workers/${f.w1.workerId}/credentials`,
    expect: e(401, 200, 200, 200, 403),
    why: "a worker's credentials are read with their profile: staff, and W1 for their own",
  },
  {
    method: "POST",
    path: "/api/workers/:workerId/credentials",
    url: (f) => `/api/workers/${f.w1.workerId}/credentials`,
    body: credentialBody,
    expect: e(401, 201, 201, 201, 403),
    why: "W1 adds their own card; staff add for anyone; W2 not for W1",
  },
  {
    method: "GET",
    path: "/api/workers/:workerId/credential-compliance",
    url: (f) => `/api/workers/${f.w1.workerId}/credential-compliance`,
    expect: e(401, 200, 200, 200, 403),
  },
  {
    method: "GET",
    path: "/api/projects/:id/credential-compliance",
    url: (f) => `/api/projects/${f.projectP}/credential-compliance`,
    expect: e(401, 200, 200, 403, 403),
    why: "each row names a worker's missing cards: staff only, as a worker reads only their own",
  },
  {
    method: "GET",
    path: "/api/projects/:id/fire-watch-check",
    url: (f) => `/api/projects/${f.projectP}/fire-watch-check?workerId=${f.w1.workerId}`,
    expect: projectScoped(200),
    why: "the permit form's warning, for whoever may request a permit on the project",
  },
  {
    method: "POST",
    path: "/api/credentials/import",
    url: () => "/api/credentials/import",
    body: credentialImportBody,
    expect: staff(200),
  },
  {
    method: "GET",
    path: "/api/credentials/:id",
    url: (f) => `/api/credentials/${f.credentialId}`,
    expect: e(401, 200, 200, 200, 403),
  },
  {
    method: "POST",
    path: "/api/credentials/:id/verify",
    url: (f) => `/api/credentials/${f.credentialId}/verify`,
    expect: staff(200),
    why: "staff verify; W1 may not verify their own",
  },
  {
    method: "POST",
    path: "/api/credentials/:id/reject",
    url: (f) => `/api/credentials/${f.credentialId}/reject`,
    body: () => ({ reason: "Card is unreadable" }),
    expect: staff(200),
  },
  {
    method: "DELETE",
    path: "/api/credentials/:id",
    url: (f) => `/api/credentials/${f.credentialId}`,
    expect: e(401, 204, 204, 204, 403),
    why: "W1 removes their own card while it is not verified",
  },
  {
    method: "GET",
    path: "/api/credentials/:id/photos",
    url: (f) => `/api/credentials/${f.credentialId}/photos`,
    expect: e(401, 200, 200, 200, 403),
  },
  {
    method: "POST",
    path: "/api/credentials/:id/photos",
    url: (f) => `/api/credentials/${f.credentialId}/photos`,
    multipart: "photo",
    expect: e(401, 201, 201, 201, 403),
    why: "the card's holder photographs it; staff too",
  },
  { method: "GET", path: "/api/photos/:id", url: (f) => `/api/photos/${f.photoId}`, expect: projectScoped(200) },
  { method: "GET", path: "/api/photos/:id", variant: "JHA photo", url: (f) => `/api/photos/${f.jhaPhotoId}`, expect: projectScoped(200) },
  { method: "GET", path: "/api/photos/:id/thumbnail", url: (f) => `/api/photos/${f.photoId}/thumbnail`, expect: projectScoped(200) },
  {
    method: "DELETE",
    path: "/api/photos/:id",
    url: (f) => `/api/photos/${f.photoId}`,
    expect: projectScoped(204),
    why: "W1 uploaded it and reported the incident",
  },
  {
    method: "DELETE",
    path: "/api/photos/:id",
    variant: "JHA photo",
    url: (f) => `/api/photos/${f.jhaPhotoId}`,
    expect: projectScoped(204),
    why: "W1 uploaded it and submitted the form",
  },
  {
    method: "GET",
    path: "/api/photos/storage",
    url: () => "/api/photos/storage",
    expect: adminOnly(200),
    why: "storage figures are an admin's concern",
  },
  {
    method: "GET",
    path: "/api/incident-reports/:id/history",
    url: (f) => `/api/incident-reports/${f.incidentId}/history`,
    expect: projectScoped(200),
    why: "extension: audit trail",
  },
  // ---- hot work permits
  { method: "GET", path: "/api/hot-work-permits", url: () => "/api/hot-work-permits", expect: signedIn(200) },
  { method: "GET", path: "/api/hot-work-permits/:id", url: (f) => `/api/hot-work-permits/${f.permitId}`, expect: projectScoped(200) },
  { method: "POST", path: "/api/hot-work-permits", url: () => "/api/hot-work-permits", body: permitBody, expect: projectScoped(201) },
  {
    method: "PUT",
    path: "/api/hot-work-permits/:id",
    url: (f) => `/api/hot-work-permits/${f.permitId}`,
    body: permitBody,
    expect: projectScoped(200),
    why: "W1 requested it and it is pending",
  },
  {
    method: "PUT",
    path: "/api/hot-work-permits/:id/approve",
    url: (f) => `/api/hot-work-permits/${f.permitId}/approve`,
    body: () => ({}),
    expect: staff(200),
  },
  {
    method: "PUT",
    path: "/api/hot-work-permits/:id/reject",
    url: (f) => `/api/hot-work-permits/${f.permitId}/reject`,
    body: () => ({ rejectionReason: "No fire watch" }),
    expect: staff(200),
  },
  {
    method: "PUT",
    path: "/api/hot-work-permits/:id/close",
    variant: "approved permit",
    url: (f) => `/api/hot-work-permits/${f.approvedPermitId}/close`,
    body: () => ({ closingNotes: "Area inspected" }),
    expect: projectScoped(200),
    why: "close: every role, approved permits",
  },
  {
    method: "PUT",
    path: "/api/hot-work-permits/:id/close",
    variant: "pending permit",
    url: (f) => `/api/hot-work-permits/${f.permitId}/close`,
    body: () => ({ closingNotes: "Too early" }),
    expect: e(401, 409, 409, 409, 403),
    why: "state refusal is 409 (permitStateMachine); W2 cannot see it: 403",
  },
  { method: "DELETE", path: "/api/hot-work-permits/:id", url: (f) => `/api/hot-work-permits/${f.permitId}`, expect: adminOnly(204) },
  {
    method: "PUT",
    path: "/api/hot-work-permits/:id/fire-watch/sign-off",
    variant: "no fire watch yet",
    url: (f) => `/api/hot-work-permits/${f.approvedPermitId}/fire-watch/sign-off`,
    body: () => ({ areaInspected: true, noSmoke: true, noHeat: true }),
    expect: e(401, 409, 409, 409, 403),
    why: "an approved permit has no fire watch until it is closed (409); W2 cannot see it: 403 (services/fireWatches.ts)",
  },
  // ---- inspections and corrective actions (issue #35): templates are read by all and managed by staff; inspections
  // and actions are seen with their project (an action also by its owner); W1 is no crew lead, so W1 neither inspects
  // nor raises actions, but W1 owns the fixture's actions: W1 works on them and never verifies them
  { method: "GET", path: "/api/inspection-templates", url: () => "/api/inspection-templates", expect: signedIn(200) },
  {
    method: "POST",
    path: "/api/inspection-templates",
    url: () => "/api/inspection-templates",
    body: inspectionTemplateBody,
    expect: staff(201),
    why: "staff copy and edit templates",
  },
  {
    method: "GET",
    path: "/api/inspection-templates/:id",
    url: (f) => `/api/inspection-templates/${f.inspectionTemplateId}`,
    expect: signedIn(200),
    why: "templates are not project data: everyone signed in reads them",
  },
  {
    method: "PUT",
    path: "/api/inspection-templates/:id",
    url: (f) => `/api/inspection-templates/${f.inspectionTemplateId}`,
    body: inspectionTemplateBody,
    expect: staff(200),
    why: "a new version of a template: staff",
  },
  {
    method: "GET",
    path: "/api/inspection-schedules",
    url: () => "/api/inspection-schedules",
    expect: signedIn(200),
    why: "each sees the schedules of their projects",
  },
  {
    method: "POST",
    path: "/api/inspection-schedules",
    url: () => "/api/inspection-schedules",
    body: inspectionScheduleBody,
    expect: staff(201),
  },
  {
    method: "DELETE",
    path: "/api/inspection-schedules/:id",
    url: (f) => `/api/inspection-schedules/${f.inspectionScheduleId}`,
    expect: staff(204),
  },
  { method: "GET", path: "/api/inspections", url: () => "/api/inspections", expect: signedIn(200) },
  {
    method: "POST",
    path: "/api/inspections",
    url: () => "/api/inspections",
    body: inspectionBody,
    expect: staff(201),
    why: "staff and crew leads (Foreman, Superintendent, ...) of the project record inspections; W1 and W2 are neither",
  },
  { method: "GET", path: "/api/inspections/:id", url: (f) => `/api/inspections/${f.inspectionId}`, expect: projectScoped(200) },
  {
    method: "GET",
    path: "/api/inspection-answers",
    url: () => "/api/inspection-answers",
    expect: signedIn(200),
    why: "the export of the inspections each may see",
  },
  { method: "GET", path: "/api/corrective-actions", url: () => "/api/corrective-actions", expect: signedIn(200) },
  {
    method: "POST",
    path: "/api/corrective-actions",
    url: () => "/api/corrective-actions",
    body: correctiveActionBody,
    expect: staff(201),
    why: "staff and crew leads of the project raise actions by hand",
  },
  {
    method: "GET",
    path: "/api/corrective-action-owners",
    url: (f) => `/api/corrective-action-owners?projectId=${f.projectP}`,
    expect: staff(200),
    why: "whoever may raise an action on the project (staff and its crew leads) picks its owner; W1 and W2 are no crew leads",
  },
  { method: "GET", path: "/api/corrective-actions/:id", url: (f) => `/api/corrective-actions/${f.actionId}`, expect: projectScoped(200) },
  {
    method: "PUT",
    path: "/api/corrective-actions/:id",
    url: (f) => `/api/corrective-actions/${f.actionId}`,
    body: (f) => ({ description: "Refit the guardrail today", priority: "high", ownerUserId: f.w1.id, dueAt: "2027-01-01T00:00:00Z" }),
    expect: staff(200),
    why: "the raiser (the manager) and staff change an action; its owner W1 does not",
  },
  {
    method: "PUT",
    path: "/api/corrective-actions/:id/start",
    url: (f) => `/api/corrective-actions/${f.actionId}/start`,
    body: () => ({}),
    expect: projectScoped(200),
    why: "the owner (W1) or staff work on an action",
  },
  {
    method: "PUT",
    path: "/api/corrective-actions/:id/submit",
    url: (f) => `/api/corrective-actions/${f.actionId}/submit`,
    body: () => ({ evidenceNote: "Guardrail refitted" }),
    expect: projectScoped(200),
    why: "the owner (W1) or staff mark the fix done (low priority: no photo needed)",
  },
  {
    method: "PUT",
    path: "/api/corrective-actions/:id/verify",
    url: (f) => `/api/corrective-actions/${f.awaitingActionId}/verify`,
    body: () => ({}),
    expect: staff(200),
    why: "someone other than the owner verifies: W1 owns it (403), W2 cannot see it (403)",
  },
  {
    method: "PUT",
    path: "/api/corrective-actions/:id/reject",
    url: (f) => `/api/corrective-actions/${f.awaitingActionId}/reject`,
    body: () => ({ reason: "Still loose" }),
    expect: staff(200),
    why: "as verify",
  },
  {
    method: "PUT",
    path: "/api/corrective-actions/:id/verify",
    variant: "open action",
    url: (f) => `/api/corrective-actions/${f.actionId}/verify`,
    body: () => ({}),
    expect: e(401, 409, 409, 403, 403),
    why: "staff may verify but not an open action (409); W1 owns it (403)",
  },
  {
    method: "GET",
    path: "/api/corrective-actions/:id/photos",
    url: (f) => `/api/corrective-actions/${f.actionId}/photos`,
    expect: projectScoped(200),
    why: "seen by whoever sees the action",
  },
  {
    method: "POST",
    path: "/api/corrective-actions/:id/photos",
    url: (f) => `/api/corrective-actions/${f.actionId}/photos`,
    multipart: "photo",
    expect: projectScoped(201),
    why: "W1 owns the action: its owner and staff add evidence of the fix",
  },
  {
    method: "GET",
    path: "/api/photos/:id",
    variant: "action photo",
    url: (f) => `/api/photos/${f.actionPhotoId}`,
    expect: projectScoped(200),
  },
  {
    method: "DELETE",
    path: "/api/photos/:id",
    variant: "action photo",
    url: (f) => `/api/photos/${f.actionPhotoId}`,
    expect: projectScoped(204),
    why: "W1 uploaded it and owns the action",
  },
  {
    method: "POST",
    path: "/api/inspection-photos",
    url: () => "/api/inspection-photos",
    multipart: "photo",
    expect: staff(201),
    why: "a staged inspection photo: whoever may record inspections (staff, crew leads); W1 and W2 are neither",
  },
  {
    method: "GET",
    path: "/api/photos/:id",
    variant: "inspection item photo",
    url: (f) => `/api/photos/${f.inspectionPhotoId}`,
    expect: projectScoped(200),
    why: "whoever sees the inspection",
  },
  {
    method: "GET",
    path: "/api/photos/:id/thumbnail",
    variant: "staged photo",
    url: (f) => `/api/photos/${f.stagedPhotoId}/thumbnail`,
    expect: e(401, 403, 200, 403, 403),
    why: "a staged photo is its uploader's (the manager) only, attached to nothing yet; the admin too is refused",
  },
  {
    method: "DELETE",
    path: "/api/photos/:id",
    variant: "inspection item photo",
    url: (f) => `/api/photos/${f.inspectionPhotoId}`,
    expect: e(401, 403, 403, 403, 403),
    why: "part of the signed inspection: nobody removes it",
  },
  {
    method: "DELETE",
    path: "/api/photos/:id",
    variant: "staged photo",
    url: (f) => `/api/photos/${f.stagedPhotoId}`,
    expect: e(401, 403, 204, 403, 403),
    why: "its uploader drops a staged photo",
  },
  // ---- notifications: each user's own
  { method: "GET", path: "/api/notifications", url: () => "/api/notifications", expect: signedIn(200), why: "everyone reads their own" },
  { method: "GET", path: "/api/notifications/unread-count", url: () => "/api/notifications/unread-count", expect: signedIn(200) },
  { method: "PUT", path: "/api/notifications/read-all", url: () => "/api/notifications/read-all", expect: signedIn(200) },
  { method: "GET", path: "/api/notification-preferences", url: () => "/api/notification-preferences", expect: signedIn(200) },
  {
    method: "PUT",
    path: "/api/notification-preferences",
    url: () => "/api/notification-preferences",
    body: () => ({ kind: "jha.commented", email: true }),
    expect: signedIn(200),
    why: "everyone chooses their own e-mails",
  },
  // ---- Web Push: each user's own devices
  {
    method: "GET",
    path: "/api/push/vapid-public-key",
    url: () => "/api/push/vapid-public-key",
    expect: signedIn(200),
    why: "the server's public key: every signed-in browser subscribes with it",
  },
  {
    method: "PUT",
    path: "/api/push/subscription",
    url: () => "/api/push/subscription",
    body: (_f, actor) => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${actor}`,
      keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
    }),
    expect: signedIn(200),
    why: "everyone subscribes their own device",
  },
  {
    method: "POST",
    path: "/api/push/unsubscribe",
    url: () => "/api/push/unsubscribe",
    body: (f) => ({ endpoint: f.w1PushEndpoint }),
    expect: e(401, 404, 404, 200, 404),
    why: "only the device's owner forgets it; anyone else is told it does not exist",
  },
  {
    method: "PUT",
    path: "/api/notifications/:id/read",
    url: (f) => `/api/notifications/${f.w1NotificationId}/read`,
    expect: e(401, 404, 404, 200, 404),
    why: "only its addressee; anyone else is told it does not exist",
  },
  // ---- safety comments
  {
    method: "GET",
    path: "/api/safety-comments",
    url: () => "/api/safety-comments",
    expect: signedIn(200),
    why: "workers get only their own (replay tests)",
  },
  {
    method: "POST",
    path: "/api/safety-comments",
    url: () => "/api/safety-comments",
    body: commentBody,
    expect: e(401, 403, 403, 201, 403),
    why: "only workers send; W2 is not on P",
  },
  {
    method: "PUT",
    path: "/api/safety-comments/:id",
    variant: "author edit",
    url: (f) => `/api/safety-comments/${f.commentId}`,
    body: (f) => ({ title: "Loose scaffold!", content: "Scaffold on level 3 is still loose", status: "open", projectId: f.projectP }),
    expect: e(401, 403, 403, 200, 404),
    why: "own unresolved message; W2 -> 404 (canSeeComment)",
  },
  {
    method: "PUT",
    path: "/api/safety-comments/:id",
    variant: "mark in progress",
    url: (f) => `/api/safety-comments/${f.commentId}`,
    body: () => ({ status: "in_progress" }),
    expect: e(401, 200, 200, 403, 404),
  },
  {
    method: "PUT",
    path: "/api/safety-comments/:id",
    variant: "resolve",
    url: (f) => `/api/safety-comments/${f.commentId}`,
    body: () => ({ status: "resolved", managerResponse: "Fixed the ties" }),
    expect: e(401, 200, 200, 403, 404),
  },
  {
    method: "DELETE",
    path: "/api/safety-comments/:id",
    url: (f) => `/api/safety-comments/${f.commentId}`,
    expect: e(401, 204, 403, 204, 404),
    why: "admin any; author own unresolved; W2 -> 404",
  },
  // ---- dashboard
  { method: "GET", path: "/api/dashboard/stats", url: () => "/api/dashboard/stats", expect: signedIn(200) },
  { method: "GET", path: "/api/dashboard/upcoming", url: () => "/api/dashboard/upcoming", expect: signedIn(200) },
  { method: "GET", path: "/api/dashboard/recent-videos", url: () => "/api/dashboard/recent-videos", expect: signedIn(200) },
  { method: "GET", path: "/api/dashboard/recent-incidents", url: () => "/api/dashboard/recent-incidents", expect: signedIn(200) },
  { method: "GET", path: "/api/dashboard/training-completion", url: () => "/api/dashboard/training-completion", expect: signedIn(200) },
  {
    method: "GET",
    path: "/api/dashboard/training-completion",
    variant: "?workerId=W1",
    url: (f) => `/api/dashboard/training-completion?workerId=${f.w1.workerId}`,
    expect: projectScoped(200),
  },
  {
    method: "GET",
    path: "/api/dashboard/unwatched-required-videos",
    url: () => "/api/dashboard/unwatched-required-videos",
    expect: signedIn(200),
  },
  {
    method: "GET",
    path: "/api/dashboard/unwatched-required-videos",
    variant: "?userId=W1",
    url: (f) => `/api/dashboard/unwatched-required-videos?userId=${f.w1.id}`,
    expect: projectScoped(200),
  },
  {
    method: "GET",
    path: "/api/dashboard/project-stats",
    url: () => "/api/dashboard/project-stats",
    expect: signedIn(200),
    why: "extension: dashboard project table",
  },
  {
    method: "GET",
    path: "/api/dashboard/overdue-fire-watches",
    url: () => "/api/dashboard/overdue-fire-watches",
    expect: signedIn(200),
    why: "each sees the overdue watches of the projects they see",
  },
  // ---- training
  { method: "GET", path: "/api/training-modules", url: () => "/api/training-modules", expect: signedIn(200) },
  { method: "GET", path: "/api/training-modules/:id", url: (f) => `/api/training-modules/${f.moduleId}`, expect: signedIn(200) },
  {
    method: "PUT",
    path: "/api/training-modules/:id/translations/:language",
    url: (f) => `/api/training-modules/${f.moduleId}/translations/es`,
    body: () => ({
      title: "Andamios",
      description: "Inspección de andamios",
      content: {
        sections: [{ title: "Etiquetas", content: "Revise la etiqueta del andamio" }],
        quiz: [{ question: "¿Qué significa la etiqueta verde?", options: ["Seguro", "Inseguro"] }],
      },
    }),
    expect: staff(200),
    why: "whoever may add modules may add their Spanish version",
  },
  {
    method: "POST",
    path: "/api/training-modules",
    url: () => "/api/training-modules",
    body: moduleBody,
    expect: staff(201),
    why: "docs/product.md: admins and managers add modules (plus Safety Manager/Administrator positions)",
  },
  {
    method: "GET",
    path: "/api/training-completion",
    variant: "?moduleId=M",
    url: (f) => `/api/training-completion?moduleId=${f.moduleId}`,
    expect: signedIn(200),
    why: "the training-completion export: staff every worker's rows, a worker their own (one module: this file's fixtures make every worker x module a large cross product)",
  },
  {
    method: "GET",
    path: "/api/training-completion",
    variant: "?workerId=W1",
    url: (f) => `/api/training-completion?workerId=${f.w1.workerId}`,
    expect: projectScoped(200),
    why: "W2 may not read W1's rows",
  },
  {
    method: "GET",
    path: "/api/workers/:workerId/trainings",
    url: (f) => `/api/workers/${f.w1.workerId}/trainings`,
    expect: projectScoped(200),
    why: "staff, or own",
  },
  {
    method: "GET",
    path: "/api/workers/:workerId/trainings/force-refresh",
    url: (f) => `/api/workers/${f.w1.workerId}/trainings/force-refresh`,
    expect: projectScoped(200),
  },
  {
    method: "POST",
    path: "/api/workers/:workerId/trainings",
    url: (f) => `/api/workers/${f.w1.workerId}/trainings`,
    body: (f) => ({
      moduleId: f.freshModuleId,
      workerId: f.w1.workerId,
      progress: 1,
      status: "in_progress",
      lastAccessedAt: new Date().toISOString(),
    }),
    expect: ownerOnly(201),
    why: "a worker records only their own progress (policy canWriteWorkerProgress)",
  },
  {
    method: "PUT",
    path: "/api/workers/:workerId/trainings/:moduleId",
    url: (f) => `/api/workers/${f.w1.workerId}/trainings/${f.moduleId}`,
    body: () => ({ progress: 60, status: "in_progress" }),
    expect: ownerOnly(200),
  },
  {
    method: "POST",
    path: "/api/workers/:workerId/trainings/:moduleId/attempts",
    url: (f) => `/api/workers/${f.w1.workerId}/trainings/${f.moduleId}/attempts`,
    body: () => ({ answers: [1] }),
    expect: ownerOnly(201),
    why: "a worker submits only their own knowledge check",
  },
  // ---- videos
  { method: "GET", path: "/api/safety-videos", url: () => "/api/safety-videos", expect: signedIn(200) },
  { method: "GET", path: "/api/safety-videos/:id", url: (f) => `/api/safety-videos/${f.videoId}`, expect: signedIn(200) },
  { method: "POST", path: "/api/safety-videos", url: () => "/api/safety-videos", body: videoBody, expect: staff(201) },
  {
    method: "PUT",
    path: "/api/safety-videos/:id",
    url: (f) => `/api/safety-videos/${f.videoId}`,
    body: (f) => ({ ...videoBody(), id: f.videoId }),
    expect: staff(200),
  },
  {
    method: "GET",
    path: "/api/workers/:workerId/videos",
    url: (f) => `/api/workers/${f.w1.workerId}/videos`,
    expect: projectScoped(200),
    why: "staff, or own",
  },
  {
    method: "POST",
    path: "/api/workers/:workerId/videos",
    url: (f) => `/api/workers/${f.w1.workerId}/videos`,
    body: (f) => ({ videoId: f.freshVideoId, watchedPercentage: 30, status: "partially_watched" }),
    expect: ownerOnly(201),
  },
  {
    method: "PUT",
    path: "/api/workers/:workerId/videos/:videoId",
    url: (f) => `/api/workers/${f.w1.workerId}/videos/${f.videoId}`,
    body: () => ({ watchedPercentage: 80 }),
    expect: ownerOnly(200),
  },
  {
    method: "POST",
    path: "/api/workers/:workerId/videos/:videoId/self-attest",
    url: (f) => `/api/workers/${f.w1.workerId}/videos/${f.videoId}/self-attest`,
    body: () => ({}),
    expect: ownerOnly(200),
  },
  {
    method: "GET",
    path: "/api/workers/:workerId/required-videos",
    url: (f) => `/api/workers/${f.w1.workerId}/required-videos`,
    expect: projectScoped(200),
  },
  // ---- OSHA recordkeeping (docs/osha-recordkeeping.md): admins and managers only; workers never, not even on their own project
  { method: "GET", path: "/api/establishments", url: () => "/api/establishments", expect: staff(200) },
  {
    method: "POST",
    path: "/api/establishments",
    url: () => "/api/establishments",
    body: () => ({ ...oshaEstablishmentBody(), name: `Site ${uid()}` }),
    expect: staff(201),
  },
  { method: "GET", path: "/api/establishments/:id", url: () => `/api/establishments/${osha.establishmentId}`, expect: staff(200) },
  {
    method: "PUT",
    path: "/api/establishments/:id",
    url: () => `/api/establishments/${osha.establishmentId}`,
    body: () => ({ city: "Springfield" }),
    expect: staff(200),
  },
  {
    method: "DELETE",
    path: "/api/establishments/:id",
    url: () => `/api/establishments/${osha.establishmentId}`,
    expect: e(401, 409, 409, 403, 403),
    why: "it has hours on file: kept five years (1904.33); the 204 path is in osha.test.ts",
  },
  {
    method: "GET",
    path: "/api/establishments/:id/hours/:year",
    url: () => `/api/establishments/${osha.establishmentId}/hours/2026`,
    expect: staff(200),
  },
  {
    method: "PUT",
    path: "/api/establishments/:id/hours/:year",
    url: () => `/api/establishments/${osha.establishmentId}/hours/2026`,
    body: () => ({ annualAverageEmployees: 50, totalHoursWorked: 100_000 }),
    expect: staff(200),
  },
  {
    method: "GET",
    path: "/api/incident-reports/:id/recordkeeping",
    url: (f) => `/api/incident-reports/${f.incidentId}/recordkeeping`,
    expect: staff(200),
    why: "medical details of other people: W1 reported the incident and still may not read it",
  },
  {
    method: "PUT",
    path: "/api/incident-reports/:id/recordkeeping",
    url: (f) => `/api/incident-reports/${f.incidentId}/recordkeeping`,
    body: () => ({ recordable: false, notRecordableReason: "first_aid_only" }),
    expect: staff(200),
  },
  {
    method: "GET",
    path: "/api/osha/300",
    url: () => `/api/osha/300?establishmentId=${osha.establishmentId}&year=2026`,
    expect: staff(200),
  },
  {
    method: "GET",
    path: "/api/osha/300",
    variant: "pdf",
    url: () => `/api/osha/300?establishmentId=${osha.establishmentId}&year=2026&format=pdf`,
    expect: staff(200),
  },
  {
    method: "GET",
    path: "/api/osha/300a",
    url: () => `/api/osha/300a?establishmentId=${osha.establishmentId}&year=2026`,
    expect: staff(200),
  },
  {
    method: "GET",
    path: "/api/osha/300a",
    variant: "ITA csv",
    url: () => `/api/osha/300a?establishmentId=${osha.establishmentId}&year=2026&format=ita`,
    expect: staff(200),
  },
  {
    method: "GET",
    path: "/api/osha/cases.csv",
    url: () => `/api/osha/cases.csv?establishmentId=${osha.establishmentId}&year=2026`,
    expect: staff(200),
  },
  {
    method: "GET",
    path: "/api/incident-reports/:id/osha-301",
    url: (f) => `/api/incident-reports/${f.incidentId}/osha-301`,
    expect: staff(200),
    why: "the shared fixture's incident is classified recordable in beforeAll",
  },
  { method: "GET", path: "/api/osha/rates", url: () => "/api/osha/rates?year=2026", expect: staff(200) },
];

/** OSHA rows need an establishment with hours and a recordable case: made once, in beforeAll. */
const osha = { establishmentId: 0 };
const oshaEstablishmentBody = () => ({
  name: "Fixture site",
  streetAddress: "1 Main St",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  naicsCode: "236220",
  size: 21,
});
async function setUpOsha(f: Fixture) {
  const est = await t.request({
    method: "POST",
    url: "/api/establishments",
    as: f.admin,
    payload: { ...oshaEstablishmentBody(), projectIds: [f.projectP] },
  });
  osha.establishmentId = est.json().id;
  await t.request({
    method: "PUT",
    url: `/api/establishments/${osha.establishmentId}/hours/2026`,
    as: f.admin,
    payload: { annualAverageEmployees: 50, totalHoursWorked: 100_000 },
  });
  await t.request({ method: "PUT", url: `/api/incident-reports/${f.incidentId}`, as: f.admin, payload: { date: "2026-03-02" } });
  const classified = await t.request({
    method: "PUT",
    url: `/api/incident-reports/${f.incidentId}/recordkeeping`,
    as: f.admin,
    payload: {
      recordable: true,
      employeeWorkerId: f.w1.workerId,
      jobTitle: "Carpenter",
      outcome: "other_recordable",
      injuryType: "injury",
      whatHappened: "Slipped",
      injuryDescription: "Bruise",
    },
  });
  if (classified.statusCode !== 200) throw new Error(`OSHA fixture: ${classified.body}`);
}

let t: TestApp;
let shared: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  shared = await createFixture(t);
  await setUpOsha(shared);
});
afterAll(() => t?.close());

/**
 * How a signed-in actor authenticates: the session cookie (with this server's Origin), or a
 * read-write service token of the same user (no cookie, no Origin), which must get exactly the
 * same answers (docs/decisions/0110-api-consumers.md) except where a row says otherwise (`bearer`).
 */
type Credential = "cookie" | "bearer";
const CREDENTIALS: readonly Credential[] = ["cookie", "bearer"];
const tokens = new Map<number, Promise<string>>();
function tokenOf(user: TestUser): Promise<string> {
  let token = tokens.get(user.id);
  if (!token) {
    token = t.tokenFor(user, { name: "matrix" });
    tokens.set(user.id, token);
  }
  return token;
}

async function send(f: Fixture, row: Row, actor: ActorName, credential: Credential = "cookie") {
  const user = actorUser(f, actor);
  const who = user && credential === "bearer" ? { bearer: await tokenOf(user) } : { as: user };
  if (row.multipart === "photo") {
    const { payload, headers } = multipartBody({}, { name: "site.jpg", data: PHOTO_PNG, type: "image/jpeg" });
    return t.request({ method: row.method, url: row.url(f), payload, headers, ...who });
  }
  if (row.multipart) {
    const { payload, headers } = multipartBody(
      { description: "Plan v2", projectId: String(f.projectP) },
      { name: "plan-v2.pdf", data: PDF_BYTES, type: "application/pdf" },
    );
    return t.request({ method: row.method, url: row.url(f), payload, headers, ...who });
  }
  const body = row.body?.(f, actor);
  return t.request({ method: row.method, url: row.url(f), ...(body !== undefined ? { payload: body as object } : {}), ...who });
}

const label = (row: Row) => `${row.method} ${row.path}${row.variant ? ` [${row.variant}]` : ""}`;

describe("the matrix covers every REST route of the server", () => {
  it("every route the server serves has a row, and every row names a served route", () => {
    const served = new Set(restRoutes.map((r) => `${r.method} ${r.path}`));
    served.add("GET /api/health");
    served.add("GET /api/bare");
    const covered = new Set(MATRIX.map((r) => `${r.method} ${r.path}`));
    expect(
      [...served].filter((r) => !covered.has(r)),
      "routes without a matrix row",
    ).toEqual([]);
    expect(
      [...covered].filter((r) => !served.has(r)),
      "matrix rows for routes the server does not serve",
    ).toEqual([]);
  });
});

/**
 * The routes whose procedure is session only (`sessionOnly` in apps/api/src/trpc.ts): every one of
 * them must refuse a read-write token in the matrix, and the list is fixed here so that a sensitive
 * procedure that loses the property (or a new one that gains it) is a visible change.
 */
const SESSION_ONLY_ROUTES = [
  "POST /api/change-password",
  "POST /api/reset-password",
  "POST /api/invite-tokens",
  "POST /api/tokens",
  "DELETE /api/tokens/:id",
  "DELETE /api/users/:id/tokens/:tokenId",
  "POST /api/managers",
];

describe("session-only procedures refuse service tokens (issue #30, M3)", () => {
  it("the routes whose procedure declares sessionOnly are exactly the credential and account-power routes", async () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { sessionOnly?: boolean } } }>;
    const sessionOnly: string[] = [];
    for (const route of restRoutes) {
      const path = await procedureOf(route);
      if (path && procedures[path]?._def.meta?.sessionOnly) sessionOnly.push(`${route.method} ${route.path}`);
    }
    expect(sessionOnly.sort()).toEqual([...SESSION_ONLY_ROUTES].sort());
  });

  it("every session-only row of the matrix expects 403 for every signed-in actor with a read-write token", () => {
    for (const key of SESSION_ONLY_ROUTES) {
      const rows = MATRIX.filter((row) => `${row.method} ${row.path}` === key);
      expect(rows.length, key).toBeGreaterThan(0);
      for (const row of rows) expect(row.bearer, label(row)).toEqual(signedIn(403));
    }
  });

  it.each(SESSION_ONLY_ROUTES)("%s with an admin's read-write token: 403 with the message, nothing changes", async (key) => {
    const rows = MATRIX.filter((row) => `${row.method} ${row.path}` === key);
    for (const row of rows) {
      const f = await createFixture(t);
      await tokenOf(f.admin);
      const before = await tableDigest(t);
      const res = await send(f, row, "admin", "bearer");
      expect(res.statusCode, label(row)).toBe(403);
      expect(res.json(), label(row)).toEqual({ message: SESSION_REQUIRED });
      expect(await tableDigest(t), label(row)).toEqual(before);
    }
  });

  it("a read-write token cannot set a password that would then sign in (the probe's path to a permanent credential)", async () => {
    const f = await createFixture(t);
    const secret = await tokenOf(f.admin);
    const reset = await t.request({
      method: "POST",
      url: "/api/reset-password",
      bearer: secret,
      payload: { userId: f.w1.id, password: "Taken0ver!" },
    });
    expect(reset.statusCode).toBe(403);
    const login = await t.request({ method: "POST", url: "/api/login", payload: { username: f.w1.username, password: "Taken0ver!" } });
    expect(login.statusCode).toBe(401);
  });
});

/**
 * The fixture of a write cell. A refused write that the table digest proved changed nothing (or a
 * refused role's 403) leaves its fixture as it found it, so the next write cell takes it over; a
 * cell whose write went through, or was not proven harmless, leaves the next one a fresh fixture.
 * (A fresh fixture per cell was most of this file's time, and it grew every table the digest reads.)
 */
let untouched: Fixture | null = null;
async function writeFixture(): Promise<Fixture> {
  const f = untouched ?? (await createFixture(t));
  untouched = null;
  return f;
}

describe.each(CREDENTIALS.flatMap((credential) => MATRIX.map((row) => [`${label(row)} with ${credential}`, row, credential] as const)))(
  "%s",
  (_name, row, credential) => {
    const expectations = (credential === "bearer" ? row.bearer : undefined) ?? row.expect;
    it.each(ACTORS.map((actor) => [actor, expectations[actor]] as const))("as %s -> %i", async (actor, expected) => {
      const writes = row.method !== "GET";
      const f = writes ? await writeFixture() : shared;
      const user = actorUser(f, actor);
      if (user && credential === "bearer") await tokenOf(user); // issued before the digest below
      const before = writes && expected >= 400 ? await tableDigest(t) : null;
      const res = await send(f, row, actor, credential);
      expect(
        res.statusCode,
        `${label(row)} as ${actor} with ${credential}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 300)}`,
      ).toBe(expected);
      if (res.statusCode >= 400) {
        const body = res.json() as { message?: unknown };
        expect(typeof body.message, "error bodies are JSON with a message").toBe("string");
      }
      if (before) {
        expect(await tableDigest(t), `${label(row)} as ${actor} was refused yet changed data`).toEqual(before);
        untouched = f;
      }
    });
  },
);

/**
 * Issue #30, L4: the role check comes before the input's validation. A worker sending a bad body
 * to a staff-only OSHA route got 400 with the schema's messages, which told them the route's
 * shape. Now every cell of the matrix that refuses an actor with 403 is sent again with a bad
 * input (every body field of the wrong type; for reads, nonsense filters): still 403.
 */
const badBody = (body: unknown): Record<string, unknown> =>
  Object.fromEntries(
    Object.keys(typeof body === "object" && body !== null ? body : { title: 1 })
      .concat("projectId", "id")
      .map((key) => [key, { not: ["valid"] }]),
  );
const badQuery = "limit=-7&offset=x&projectId=x&establishmentId=x&year=x&status=%5B%5D&search=";
/**
 * The cells where a ROLE may not call the route, whatever record it names: workers when both W1
 * (on the record's project, its filer) and W2 are refused; managers on admin-only routes. (A 403
 * that depends on the record, such as W2 on P's records, needs the input to be decided.)
 */
const refusedCells = MATRIX.filter((row) => !row.multipart && !row.variant).flatMap((row) => {
  const workersRefused = row.expect.w1 === 403 && row.expect.w2 === 403;
  const adminOnlyRow = row.expect.manager === 403 && row.expect.admin < 400 && workersRefused;
  const actors: ActorName[] = [...(workersRefused ? (["w1", "w2"] as const) : []), ...(adminOnlyRow ? (["manager"] as const) : [])];
  return actors.map((actor) => [`${label(row)} as ${actor}`, row, actor] as const);
});
describe("a refused role gets 403 before its input is checked, whatever the input (L4)", () => {
  it.each(refusedCells)("%s with a bad input -> 403", async (_name, row, actor) => {
    const f = row.method === "GET" ? shared : await writeFixture();
    const user = actorUser(f, actor);
    const url = row.url(f);
    const res =
      row.method === "GET"
        ? await t.request({ method: "GET", url: `${url}${url.includes("?") ? "&" : "?"}${badQuery}`, as: user })
        : await t.request({ method: row.method, url, payload: badBody(row.body?.(f, actor)), as: user });
    expect(res.statusCode, `${label(row)} as ${actor}: ${res.body.slice(0, 300)}`).toBe(403);
    if (row.method !== "GET") untouched = f;
  });
});

// ---------------------------------------------------------------------------------------------
// User B replays user A: W2, signed in with W2's own cookie, aims at W1's records by id.

describe("W2 replaying requests against W1's records", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await createFixture(t);
  });
  const as = () => f.w2;

  async function expectUnchanged<T>(read: () => Promise<T>, act: () => Promise<void>) {
    const before = await read();
    await act();
    expect(await read()).toEqual(before);
  }
  const call = (method: Row["method"], url: string, payload?: object) =>
    t.request({ method, url, as: as(), ...(payload ? { payload } : {}) });

  it("incident report: read 403, update 403, delete 403, nothing changes", async () => {
    const read = () => t.db.selectFrom("incidentReports").selectAll().where("id", "=", f.incidentId).executeTakeFirst();
    await expectUnchanged(read, async () => {
      expect((await call("GET", `/api/incident-reports/${f.incidentId}`)).statusCode).toBe(403);
      expect((await call("GET", `/api/incident-reports/${f.incidentId}/history`)).statusCode).toBe(403);
      expect((await call("PUT", `/api/incident-reports/${f.incidentId}`, { ...incidentBody(f), title: "Hijacked" })).statusCode).toBe(403);
      expect((await call("PUT", `/api/incident-reports/${f.incidentId}`, { projectId: f.projectQ })).statusCode).toBe(403);
      expect((await call("DELETE", `/api/incident-reports/${f.incidentId}`)).statusCode).toBe(403);
    });
  });

  it("hot work permit: read, update, approve, reject, close, delete all 403, nothing changes", async () => {
    const read = () =>
      t.db.selectFrom("hotWorkPermits").selectAll().where("id", "in", [f.permitId, f.approvedPermitId]).orderBy("id").execute();
    await expectUnchanged(read, async () => {
      expect((await call("GET", `/api/hot-work-permits/${f.permitId}`)).statusCode).toBe(403);
      expect((await call("PUT", `/api/hot-work-permits/${f.permitId}`, { ...permitBody(f), projectId: f.projectQ })).statusCode).toBe(403);
      expect((await call("PUT", `/api/hot-work-permits/${f.permitId}/approve`, {})).statusCode).toBe(403);
      expect((await call("PUT", `/api/hot-work-permits/${f.permitId}/reject`, { rejectionReason: "no" })).statusCode).toBe(403);
      expect((await call("PUT", `/api/hot-work-permits/${f.approvedPermitId}/close`, {})).statusCode).toBe(403);
      expect((await call("DELETE", `/api/hot-work-permits/${f.permitId}`)).statusCode).toBe(403);
    });
  });

  it("safety message: update, status change and delete answer 404 (documented), nothing changes", async () => {
    const read = () => t.db.selectFrom("safetyComments").selectAll().where("id", "=", f.commentId).executeTakeFirst();
    await expectUnchanged(read, async () => {
      expect(
        (
          await call("PUT", `/api/safety-comments/${f.commentId}`, {
            title: "Hijacked title",
            content: "Hijacked content here",
            projectId: null,
          })
        ).statusCode,
      ).toBe(404);
      expect((await call("PUT", `/api/safety-comments/${f.commentId}`, { status: "in_progress" })).statusCode).toBe(404);
      expect((await call("PUT", `/api/safety-comments/${f.commentId}`, { status: "resolved" })).statusCode).toBe(404);
      expect((await call("DELETE", `/api/safety-comments/${f.commentId}`)).statusCode).toBe(404);
    });
  });

  it("JHA form: read, update, delete refused, nothing changes", async () => {
    const read = () => t.db.selectFrom("jhaForms").selectAll().where("id", "=", f.jhaFormId).executeTakeFirst();
    await expectUnchanged(read, async () => {
      expect((await call("GET", `/api/jha-forms/${f.jhaFormId}`)).statusCode).toBe(403);
      expect((await call("GET", `/api/jha-forms/${f.jhaFormId}/comments`)).statusCode).toBe(403);
      expect((await call("PUT", `/api/jha-forms/${f.jhaFormId}`, jhaBody(f))).statusCode).toBe(403);
      expect((await call("DELETE", `/api/jha-forms/${f.jhaFormId}`)).statusCode).toBe(403);
      expect((await call("POST", `/api/jha-forms/${f.jhaFormId}/comments`, { content: "spam" })).statusCode).toBe(403);
    });
  });

  it("training record: read 403, create 403, update 403, W1's record unchanged", async () => {
    const read = () => t.db.selectFrom("workerTrainings").selectAll().where("workerId", "=", f.w1.workerId).orderBy("id").execute();
    await expectUnchanged(read, async () => {
      expect((await call("GET", `/api/workers/${f.w1.workerId}/trainings`)).statusCode).toBe(403);
      expect((await call("GET", `/api/workers/${f.w1.workerId}/trainings/force-refresh`)).statusCode).toBe(403);
      expect(
        (
          await call("POST", `/api/workers/${f.w1.workerId}/trainings`, {
            moduleId: f.freshModuleId,
            workerId: f.w1.workerId,
            progress: 100,
          })
        ).statusCode,
      ).toBe(403);
      expect((await call("PUT", `/api/workers/${f.w1.workerId}/trainings/${f.moduleId}`, { progress: 0 })).statusCode).toBe(403);
      expect((await call("GET", `/api/dashboard/training-completion?workerId=${f.w1.workerId}`)).statusCode).toBe(403);
    });
  });

  it("video record: read 403, create 403, update 403, W1's record unchanged", async () => {
    const read = () => t.db.selectFrom("workerVideos").selectAll().where("workerId", "=", f.w1.workerId).orderBy("id").execute();
    await expectUnchanged(read, async () => {
      expect((await call("GET", `/api/workers/${f.w1.workerId}/videos`)).statusCode).toBe(403);
      expect((await call("GET", `/api/workers/${f.w1.workerId}/required-videos`)).statusCode).toBe(403);
      expect(
        (await call("POST", `/api/workers/${f.w1.workerId}/videos`, { videoId: f.freshVideoId, watchedPercentage: 100 })).statusCode,
      ).toBe(403);
      expect((await call("PUT", `/api/workers/${f.w1.workerId}/videos/${f.videoId}`, { watchedPercentage: 0 })).statusCode).toBe(403);
      expect((await call("GET", `/api/dashboard/unwatched-required-videos?userId=${f.w1.id}`)).statusCode).toBe(403);
    });
  });

  it("worker profile and account: read 403, update 403, delete 403, unchanged", async () => {
    const read = async () => ({
      worker: await t.db.selectFrom("workers").selectAll().where("id", "=", f.w1.workerId).executeTakeFirst(),
      user: await t.db.selectFrom("users").selectAll().where("id", "=", f.w1.id).executeTakeFirst(),
      assignments: await t.db
        .selectFrom("projectWorkers")
        .select(["projectId", "workerId"])
        .where("workerId", "=", f.w1.workerId)
        .execute(),
    });
    await expectUnchanged(read, async () => {
      expect((await call("GET", `/api/workers/${f.w1.workerId}`)).statusCode).toBe(403);
      expect((await call("GET", `/api/workers/${f.w1.workerId}/projects`)).statusCode).toBe(403);
      expect((await call("GET", `/api/workers/byUserId/${f.w1.id}`)).statusCode).toBe(403);
      expect((await call("PUT", `/api/workers/${f.w1.workerId}`, { firstName: "Hijacked", projectIds: [] })).statusCode).toBe(403);
      expect((await call("DELETE", `/api/workers/${f.w1.workerId}`)).statusCode).toBe(403);
      expect((await call("GET", `/api/users/${f.w1.id}`)).statusCode).toBe(403);
      expect((await call("POST", "/api/reset-password", { userId: f.w1.id, password: "Hijack3dPass" })).statusCode).toBe(403);
      expect((await call("DELETE", `/api/users/${f.w1.id}`)).statusCode).toBe(403);
    });
    // W1 can still sign in with the old password.
    const login = await t.request({ method: "POST", url: "/api/login", payload: { username: f.w1.username, password: FIXTURE_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it("project P: read 403, its plan 403, its download 403", async () => {
    expect((await call("GET", `/api/projects/${f.projectP}`)).statusCode).toBe(403);
    expect((await call("GET", `/api/projects/${f.projectP}/safety-plan`)).statusCode).toBe(403);
    expect((await call("GET", `/api/projects/${f.projectP}/safety-plan/download`)).statusCode).toBe(403);
    expect((await call("GET", `/api/jha-forms?projectId=${f.projectP}`)).statusCode).toBe(403);
    expect((await call("GET", `/api/incident-reports?projectId=${f.projectP}`)).statusCode).toBe(403);
  });

  it("W2's lists never include P's or W1's records", async () => {
    const ids = async (url: string) => {
      const res = await call("GET", url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as unknown;
      const list = (Array.isArray(body) ? body : ((body as { items?: unknown[] }).items ?? [])) as {
        id: number;
        projectId?: number | null;
      }[];
      return list;
    };
    expect((await ids("/api/projects")).map((p) => p.id)).not.toContain(f.projectP);
    expect((await ids("/api/projects/stats")).map((p) => p.id)).not.toContain(f.projectP);
    expect((await ids("/api/jha-forms")).map((r) => r.id)).not.toContain(f.jhaFormId);
    expect((await ids("/api/incident-reports")).map((r) => r.id)).not.toContain(f.incidentId);
    expect((await ids("/api/hot-work-permits")).map((r) => r.id)).not.toContain(f.permitId);
    expect((await ids("/api/safety-comments")).map((r) => r.id)).not.toContain(f.commentId);
    expect((await ids("/api/dashboard/recent-incidents")).map((r) => r.id)).not.toContain(f.incidentId);
  });

  it("owner fields in a body cannot redirect a write to W1: the path and the session decide", async () => {
    const w1Before = await t.db.selectFrom("workerTrainings").selectAll().where("workerId", "=", f.w1.workerId).orderBy("id").execute();
    // W2 writes their own record but names W1 in the body: the path's workerId wins.
    const own = await call("POST", `/api/workers/${f.w2.workerId}/trainings`, {
      moduleId: f.moduleId,
      workerId: f.w1.workerId,
      progress: 10,
    });
    expect(own.statusCode).toBe(201);
    expect(await t.db.selectFrom("workerTrainings").selectAll().where("workerId", "=", f.w1.workerId).orderBy("id").execute()).toEqual(
      w1Before,
    );
    // A message "from W1" sent by W2 is stored as W2's.
    const msg = await call("POST", "/api/safety-comments", {
      title: "Forged author",
      content: "Pretending to be someone else",
      userId: f.w1.id,
      projectId: f.projectQ,
    });
    expect(msg.statusCode).toBe(201);
    const stored = await t.db
      .selectFrom("safetyComments")
      .select(["userId"])
      .where("id", "=", (msg.json() as { id: number }).id)
      .executeTakeFirstOrThrow();
    expect(stored.userId).toBe(f.w2.id);
    // An incident on Q "reported by W1" is stored as reported by W2.
    const inc = await call("POST", "/api/incident-reports", { ...incidentBody(f), projectId: f.projectQ, involvedWorkers: [] });
    expect(inc.statusCode).toBe(201);
    const rep = await t.db
      .selectFrom("incidentReports")
      .select(["reportedBy"])
      .where("id", "=", (inc.json() as { id: number }).id)
      .executeTakeFirstOrThrow();
    expect(rep.reportedBy).toBe(f.w2.workerId);
    // A permit on Q "requested by W1" is stored as requested by W2.
    const permit = await call("POST", "/api/hot-work-permits", { ...permitBody(f), projectId: f.projectQ });
    expect(permit.statusCode).toBe(201);
    const req = await t.db
      .selectFrom("hotWorkPermits")
      .select(["requestedBy"])
      .where("id", "=", (permit.json() as { id: number }).id)
      .executeTakeFirstOrThrow();
    expect(req.requestedBy).toBe(f.w2.workerId);
  });

  it("a tampered or foreign-looking cookie is a signed-out request", async () => {
    const [id] = f.w1.cookie.slice("session=".length).split(".");
    for (const cookie of [`session=${id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, `session=${id}`, "session=", `${f.w1.cookie}x`]) {
      const res = await t.request({ method: "GET", url: "/api/user", headers: { cookie } });
      expect(res.statusCode, cookie).toBe(401);
    }
  });
});

describe("a worker on the same project who did not file the record (W3 on P)", () => {
  it("reads P's records but cannot edit or delete W1's incident or permit, nor edit the JHA", async () => {
    const f = await createFixture(t);
    const w3 = await t.createUser({ role: "worker" });
    if (w3.workerId === null) throw new Error("no profile");
    await t.assign(w3.workerId, f.projectP);
    const as = w3;
    const r = (method: Row["method"], url: string, payload?: object) => t.request({ method, url, as, ...(payload ? { payload } : {}) });
    expect((await r("GET", `/api/incident-reports/${f.incidentId}`)).statusCode).toBe(200);
    expect((await r("GET", `/api/hot-work-permits/${f.permitId}`)).statusCode).toBe(200);
    expect((await r("GET", `/api/jha-forms/${f.jhaFormId}`)).statusCode).toBe(200);
    expect((await r("PUT", `/api/incident-reports/${f.incidentId}`, { title: "Changed by W3" })).statusCode).toBe(403);
    expect((await r("DELETE", `/api/incident-reports/${f.incidentId}`)).statusCode).toBe(403);
    expect((await r("PUT", `/api/hot-work-permits/${f.permitId}`, permitBody(f))).statusCode).toBe(403);
    expect((await r("PUT", `/api/jha-forms/${f.jhaFormId}`, jhaBody(f))).statusCode).toBe(403);
    // Closing an approved permit is open to every role that sees it (docs/product.md).
    expect((await r("PUT", `/api/hot-work-permits/${f.approvedPermitId}/close`, {})).statusCode).toBe(200);
    const inc = await t.db.selectFrom("incidentReports").select(["title"]).where("id", "=", f.incidentId).executeTakeFirstOrThrow();
    expect(inc.title).toBe("Slipped on ladder");
  });

  it("W1 cannot edit their own permit once it is approved (409), nor approve their own pending permit (403)", async () => {
    const f = await createFixture(t);
    const edit = await t.request({ method: "PUT", url: `/api/hot-work-permits/${f.approvedPermitId}`, payload: permitBody(f), as: f.w1 });
    expect(edit.statusCode).toBe(409);
    const approve = await t.request({ method: "PUT", url: `/api/hot-work-permits/${f.permitId}/approve`, payload: {}, as: f.w1 });
    expect(approve.statusCode).toBe(403);
  });

  it("W1 cannot edit or delete their own message once it is resolved (409)", async () => {
    const f = await createFixture(t);
    await t.db.updateTable("safetyComments").set({ status: "resolved" }).where("id", "=", f.commentId).execute();
    const edit = await t.request({
      method: "PUT",
      url: `/api/safety-comments/${f.commentId}`,
      payload: { title: "Edited title", content: "Edited content here", projectId: f.projectP },
      as: f.w1,
    });
    expect(edit.statusCode).toBe(409);
    const del = await t.request({ method: "DELETE", url: `/api/safety-comments/${f.commentId}`, as: f.w1 });
    expect(del.statusCode).toBe(409);
  });
});
