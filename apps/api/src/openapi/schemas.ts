import {
  ACTION_PRIORITIES,
  ACTION_SOURCES,
  actionStatuses,
  CREDENTIAL_STATUSES,
  caseOutcomes,
  commentStatuses,
  complianceStatuses,
  fireWatchStates,
  HOT_WORK_EQUIPMENT,
  HOT_WORK_PRECAUTIONS,
  INSPECTION_FREQUENCIES,
  INSPECTION_ITEM_TYPES,
  INSPECTION_OUTCOMES,
  incidentSeverities,
  incidentStatuses,
  injuryTypes,
  inviteTokenRoles,
  inviteTokenStatuses,
  jhaCommentVisibilities,
  languages,
  notificationEntities,
  notificationKinds,
  notRecordableReasons,
  PHOTO_RECORD_KINDS,
  PHOTO_TYPES,
  permitStatuses,
  privacyReasons,
  projectStatuses,
  riskLevels,
  roles,
  SIGN_ON_LINK_KINDS,
  SIGN_ON_RECORD_KINDS,
  SIGN_ON_VIA,
  serviceTokenScopes,
  sexes,
  trainingModuleTypes,
  trainingStatuses,
  upcomingItemTypes,
  videoStatuses,
} from "@sitesafe/domain";
import { z } from "zod";

/**
 * What procedures answer, as JSON on the wire (timestamps are ISO 8601 strings, date-only fields
 * `YYYY-MM-DD`): each procedure with a REST route names its answer in its own meta
 * (`.meta({ rest, output: out.project })`, rest/meta.ts). The OpenAPI document (document.ts) takes
 * every route's response from there, and test/openapi.test.ts checks real answers of every route
 * against it, so this cannot drift from what the server sends. Objects are closed: every field
 * the server sends is named here (the document says `additionalProperties: false`, and the test
 * refuses an answer with a field it does not name); a field not marked optional is always present.
 */

export const id = z.number().int().positive();
export const timestamp = z.iso.datetime({ offset: true });
export const date = z.iso.date();
export const obj = <S extends z.core.$ZodLooseShape>(name: string, shape: S) => z.strictObject(shape).meta({ id: name });

export const success = obj("Success", { success: z.literal(true) });

export const user = obj("User", {
  id,
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: timestamp,
  language: z.enum(languages).nullable().describe("The language the user chose; null until they choose (Accept-Language decides)"),
});

export const workerFields = {
  id,
  userId: id.nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string().describe("The worker's position, e.g. Carpenter"),
  company: z.string().nullable(),
  hardhatNumber: z.string().nullable(),
  emergencyContact: z.string().nullable(),
};
export const workerProfile = obj("WorkerProfile", { ...workerFields, createdAt: timestamp });
export const worker = obj("Worker", {
  ...workerFields,
  createdAt: timestamp,
  username: z.string().nullable(),
  projectIds: z.array(id),
  safetyCompliance: z.number().min(0).max(100),
});
export const projectWorker = obj("ProjectWorker", {
  ...workerFields,
  assignmentId: id,
  assignmentRole: z.string().nullable(),
  assignedAt: timestamp,
  unwatchedVideos: z.number().int(),
  safetyCompliance: z.number().min(0).max(100),
});

export const inviteToken = obj("InviteToken", {
  id,
  role: z.enum(inviteTokenRoles),
  tokenPreview: z.string(),
  createdAt: timestamp,
  expiresAt: timestamp,
  usedAt: timestamp.nullable(),
  usedBy: id.nullable(),
  status: z.enum(inviteTokenStatuses),
});

export const project = obj("Project", {
  id,
  name: z.string(),
  location: z.string(),
  status: z.enum(projectStatuses),
  description: z.string().nullable(),
  startDate: date,
  endDate: date.nullable(),
  safetyManagerName: z.string().nullable(),
  safetyManagerPhone: z.string().nullable(),
  safetyManagerEmail: z.string().nullable(),
  emergencyContactInfo: z.record(z.string(), z.string()),
  hasSafetyPlan: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  workerCount: z.number().int(),
  compliancePercentage: z.number().min(0).max(100),
});
export const projectStats = obj("ProjectStats", {
  id,
  name: z.string(),
  location: z.string(),
  workerCount: z.number().int(),
  compliancePercentage: z.number().min(0).max(100),
  complianceStatus: z.enum(complianceStatuses),
});
export const workerProject = obj("WorkerProject", {
  id,
  name: z.string(),
  location: z.string(),
  status: z.enum(projectStatuses),
  startDate: date,
  endDate: date.nullable(),
  assignedAt: timestamp,
  workerCount: z.number().int(),
  compliancePercentage: z.number().min(0).max(100),
  hasSafetyPlan: z.boolean(),
  assignmentRole: z.string().nullable().describe("The worker's role on this project"),
});
export const assignment = obj("Assignment", {
  id,
  projectId: id,
  workerId: id,
  role: z.string().nullable(),
  assignedAt: timestamp,
  credentialWarnings: z
    .array(
      z.strictObject({
        credentialTypeId: id,
        typeNameEn: z.string(),
        typeNameEs: z.string(),
        standing: z.enum(["pending", "missing"]),
      }),
    )
    .describe("Credentials the project or the worker's position requires that the worker lacks (a warning: the assignment was made)"),
});
export const planFields = {
  id,
  fileName: z.string(),
  fileSize: z.number().int(),
  fileType: z.string(),
  uploadedBy: id.nullable(),
  uploadedAt: timestamp,
  description: z.string().nullable(),
  uploadedByName: z.string().nullable(),
};
export const safetyPlan = obj("SafetyPlan", { ...planFields, projectId: id });
export const projectPlan = obj("ProjectSafetyPlan", {
  id,
  name: z.string(),
  location: z.string(),
  status: z.enum(projectStatuses),
  hasSafetyPlan: z.boolean(),
  plan: z.strictObject(planFields).nullable(),
});

export const jhaForm = obj("JhaForm", {
  id,
  projectId: id,
  projectName: z.string(),
  title: z.string(),
  jobDescription: z.string(),
  hazards: z.array(z.strictObject({ description: z.string(), riskLevel: z.enum(riskLevels) })),
  controlMeasures: z.array(z.strictObject({ description: z.string(), responsibility: z.string() })),
  submittedBy: id.nullable(),
  submitterName: z.string().nullable(),
  submittedAt: timestamp,
  updatedAt: timestamp,
});
export const jhaComment = obj("JhaComment", {
  id,
  jhaFormId: id,
  userId: id.nullable(),
  authorName: z.string().nullable(),
  authorRole: z.enum(roles).nullable().describe("The author's account role; null once the account is deleted"),
  content: z.string(),
  visibility: z.enum(jhaCommentVisibilities),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const incidentReport = obj("IncidentReport", {
  id,
  projectId: id,
  projectName: z.string(),
  title: z.string(),
  description: z.string(),
  severity: z.enum(incidentSeverities),
  date,
  location: z.string(),
  reportedBy: id.nullable(),
  reporterName: z.string().nullable(),
  involvedWorkers: z.array(id),
  actionTaken: z.string().nullable(),
  preventiveMeasures: z.string().nullable(),
  status: z.enum(incidentStatuses),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export const incidentDetail = obj("IncidentReportDetail", {
  ...incidentReport.shape,
  involvedWorkerDetails: z.array(z.strictObject({ id, name: z.string(), role: z.string().nullable().describe("The worker's position") })),
});
export const auditEntry = obj("AuditEntry", {
  id,
  action: z.string(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  actorUserId: id.nullable(),
  actorName: z.string().nullable().describe('Who did it; "<name> via token <token name>" for a service token'),
  details: z.unknown(),
  createdAt: timestamp,
});

export const permitFields = {
  id,
  projectId: id,
  projectName: z.string(),
  title: z.string(),
  location: z.string(),
  workDescription: z.string(),
  startDate: timestamp,
  endDate: timestamp,
  requestedBy: id.nullable(),
  requesterName: z.string().nullable(),
  requestedAt: timestamp,
  status: z.enum(permitStatuses),
  precautions: z.array(z.enum(HOT_WORK_PRECAUTIONS)),
  equipmentUsed: z.array(z.string()).describe(`From: ${HOT_WORK_EQUIPMENT.slice(0, -1).join(", ")}; or "Other: <text>"`),
  fireWatchRequired: z.boolean(),
  fireWatchBy: z.string().nullable(),
  fireWatchWorkerId: id.nullable().describe("The worker picked as fire watch, whose fire-watch credential is checked; null: only a name"),
  approvedBy: id.nullable(),
  approvedAt: timestamp.nullable(),
  rejectedBy: id.nullable(),
  rejectedAt: timestamp.nullable(),
  rejectionReason: z.string().nullable(),
  closedAt: timestamp.nullable(),
  closedBy: id.nullable(),
  closingNotes: z.string().nullable(),
  updatedAt: timestamp,
};
export const permit = obj("HotWorkPermit", permitFields);
export const permitDetail = obj("HotWorkPermitDetail", {
  ...permitFields,
  projectLocation: z.string(),
  approvedByName: z.string().nullable(),
  rejectedByName: z.string().nullable(),
  closedByName: z.string().nullable(),
  requesterEmail: z.string().nullable().optional().describe("Staff and the requester only: a co-worker sees the name, not this"),
  requesterCompany: z.string().nullable().optional().describe("Staff and the requester only"),
  requesterHardhatNumber: z.string().nullable().optional().describe("Staff and the requester only"),
  history: z.array(auditEntry),
  fireWatch: obj("FireWatch", {
    startsAt: timestamp,
    endsAt: timestamp,
    state: z.enum(fireWatchStates),
    escalatedAt: timestamp.nullable(),
    signedOffAt: timestamp.nullable(),
    signedOffName: z.string().nullable(),
  })
    .nullable()
    .describe("The post-work fire watch, from the permit's closing on; null before"),
  fireWatchCredentialValid: z
    .boolean()
    .nullable()
    .describe("Whether the worker picked as fire watch holds a valid fire-watch credential today; null: nobody picked"),
  requesterUserId: id.nullable(),
  fireWatchUserId: id.nullable().describe("The account of the person named as fire watch, when the name is one of the project's people"),
});

export const notification = obj("Notification", {
  id,
  kind: z.enum(notificationKinds),
  entity: z.enum(notificationEntities),
  entityId: id,
  projectId: id.nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).describe("Names shown in the text (a title, who did it)"),
  urgent: z.boolean(),
  createdAt: timestamp,
  readAt: timestamp.nullable(),
  link: z.string().describe("The record's page in the web app"),
});
export const unreadCount = obj("UnreadCount", { unread: z.number().int() });
export const notificationPreference = obj("NotificationPreference", {
  kind: z.enum(notificationKinds),
  email: z.boolean(),
  push: z.boolean().describe("Also sent by Web Push to the user's subscribed devices"),
  required: z.boolean().describe("Required by the role (the fire watch): e-mail and push cannot be switched off"),
});
export const vapidPublicKey = obj("VapidPublicKey", {
  publicKey: z.string().describe("The server's VAPID public key (base64url), the browser's applicationServerKey"),
});
export const pushDevices = obj("PushDevices", {
  subscribed: z.boolean().describe("Whether this browser is now subscribed"),
  devices: z.number().int().describe("How many devices the user has subscribed (at most 10)"),
});
export const overdueFireWatch = obj("OverdueFireWatch", {
  permitId: id,
  title: z.string(),
  projectId: id,
  projectName: z.string(),
  fireWatchBy: z.string().nullable(),
  endsAt: timestamp,
});

export const safetyComment = obj("SafetyMessage", {
  id,
  userId: id.nullable(),
  projectId: id.nullable(),
  title: z.string(),
  content: z.string(),
  status: z.enum(commentStatuses),
  createdAt: timestamp,
  updatedAt: timestamp,
  resolvedAt: timestamp.nullable(),
  resolvedBy: id.nullable(),
  managerResponse: z.string().nullable(),
  user: z.strictObject({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  resolvedByUser: z
    .strictObject({ firstName: z.string().nullable(), lastName: z.string().nullable() })
    .nullable()
    .describe("Who resolved it; null while unresolved"),
  project: z.strictObject({ name: z.string(), location: z.string() }).nullable(),
});

export const trainingModule = obj("TrainingModule", {
  id,
  slug: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  type: z.enum(trainingModuleTypes),
  duration: z.number().int(),
  content: obj("TrainingModuleContent", {
    sections: z.array(z.strictObject({ title: z.string(), content: z.string(), points: z.array(z.string()).optional() })),
    quiz: z
      .array(z.strictObject({ question: z.string(), options: z.array(z.string()) }))
      .describe("The questions without their answers: the server grades an attempt"),
    guidelines: z
      .array(
        z.strictObject({
          category: z.string(),
          title: z.string(),
          oshaStandard: z.string(),
          description: z.string(),
          keyPoints: z.array(z.string()),
          resourceLink: z.string().optional(),
        }),
      )
      .optional(),
  }),
  createdAt: timestamp,
  language: z.enum(languages).describe("The language of title, description and content: the reader's when the module has it, else en"),
});
export const trainingRecord = obj("TrainingRecord", {
  id,
  workerId: id,
  moduleId: id,
  progress: z.number().int().min(0).max(100),
  status: z.enum(trainingStatuses),
  lastAccessedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  moduleTitle: z.string(),
  moduleType: z.enum(trainingModuleTypes),
});

export const video = obj("SafetyVideo", {
  id,
  title: z.string(),
  description: z.string(),
  url: z.string(),
  duration: z.number().int(),
  publishedAt: timestamp,
  requiredWatchByDate: timestamp.nullable(),
  thumbnail: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: timestamp,
});
export const videoRecord = obj("VideoRecord", {
  id,
  workerId: id,
  videoId: id,
  status: z.enum(videoStatuses),
  watchedPercentage: z.number().min(0).max(100),
  lastWatchedAt: timestamp.nullable(),
  selfAttestedAt: timestamp
    .nullable()
    .optional()
    .describe("When the worker declared it watched where the player could not report; apart from the tracked status"),
});

export const quizAttemptResult = obj("QuizAttemptResult", {
  attempt: z.object({
    id,
    score: z.number().int().min(0).max(100),
    correct: z.number().int(),
    total: z.number().int(),
    passed: z.boolean(),
    submittedAt: timestamp,
  }),
  completes: z.boolean().describe("Whether this score completes the module"),
  results: z.array(z.object({ chosen: z.number().int().nullable(), correctAnswer: z.number().int(), isCorrect: z.boolean() })),
  record: trainingRecord.nullable().describe("The worker's training record after the attempt, when it changed"),
});

export const serviceToken = obj("ServiceToken", {
  id,
  userId: id,
  name: z.string(),
  scope: z.enum(serviceTokenScopes),
  tokenPreview: z.string(),
  createdAt: timestamp,
  expiresAt: timestamp.nullable(),
  lastUsedAt: timestamp.nullable(),
});

export const establishment = obj("Establishment", {
  id,
  name: z.string(),
  companyName: z.string().nullable(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  naicsCode: z.string(),
  industryDescription: z.string().nullable(),
  ein: z.string().nullable(),
  size: z.number().int().describe("ITA size code: 1 (< 20), 21 (20-99), 22 (100-249), 3 (250+)"),
  establishmentType: z.number().int().describe("ITA establishment type: 1 private, 2 state government, 3 local government"),
  isCompanyDefault: z.boolean(),
  projects: z.array(z.strictObject({ id, name: z.string() })),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const establishmentYear = obj("EstablishmentYear", {
  establishmentId: id,
  year: z.number().int(),
  annualAverageEmployees: z.number().int(),
  totalHoursWorked: z.number(),
  monthlyHours: z.array(z.number()).nullable(),
  certifiedByName: z.string().nullable(),
  certifiedByTitle: z.string().nullable(),
  certifiedByPhone: z.string().nullable(),
  certifiedOn: date.nullable(),
  updatedAt: timestamp,
});

export const text = z.string().nullable();
/** Whole numbers under these names (counts of cases and days). */
export const counts = (...names: string[]) => Object.fromEntries(names.map((name) => [name, z.number().int()]));
/** The Form 301 answers, kept with the classification and shown on the form. */
export const form301Fields = {
  employeeStreet: text,
  employeeCity: text,
  employeeState: text,
  employeeZip: text,
  dateOfBirth: date.nullable(),
  dateHired: date.nullable(),
  sex: z.enum(sexes).nullable(),
  whatDoing: text,
  whatHappened: text,
  injuryDescription: text,
  bodyPart: text,
  objectSubstance: text,
  physicianName: text,
  facilityName: text,
  facilityAddress: text,
  emergencyRoom: z.boolean(),
  hospitalizedOvernight: z.boolean(),
};
export const recordkeeping = obj("Recordkeeping", {
  incidentId: id,
  recordable: z.boolean(),
  notRecordableReason: z.enum(notRecordableReasons).nullable(),
  employeeWorkerId: id.nullable(),
  employeeName: text,
  jobTitle: text,
  timeOfEvent: text.describe("HH:MM"),
  timeBeganWork: text.describe("HH:MM"),
  outcome: z.enum(caseOutcomes).nullable(),
  daysAway: z.number().int(),
  daysRestricted: z.number().int(),
  dateOfDeath: date.nullable(),
  injuryType: z.enum(injuryTypes).nullable(),
  privacyCase: z.boolean(),
  privacyReason: z.enum(privacyReasons).nullable(),
  ...form301Fields,
  classifiedBy: id.nullable(),
  updatedAt: timestamp,
});

export const incidentRecordkeeping = obj("IncidentRecordkeeping", {
  incident: z.strictObject({
    id,
    title: z.string(),
    date,
    location: z.string(),
    projectId: id,
    projectName: z.string(),
    establishmentId: id.nullable(),
  }),
  recordkeeping: recordkeeping.nullable().describe("null until the incident is classified"),
});

export const rate = z.strictObject({
  value: z.number().nullable().describe("Rounded to 2 decimals; null without hours worked"),
  cases: z.number().int().describe("The cases counted"),
  hours: z.number().describe("The hours worked"),
  formula: z.string().describe("The formula with these figures, in English"),
});
export const rates = obj("IncidenceRates", { trir: rate, dart: rate, ltir: rate });

export const summaryTotals = obj(
  "Summary300ATotals",
  counts(
    "deaths",
    "daysAwayCases",
    "transferRestrictionCases",
    "otherRecordableCases",
    "daysAway",
    "daysRestricted",
    "injuries",
    "skinDisorders",
    "respiratoryConditions",
    "poisonings",
    "hearingLoss",
    "otherIllnesses",
    "totalRecordableCases",
  ),
);

export const log300Row = obj("Log300Row", {
  incidentId: id,
  caseNumber: z.string(),
  employeeName: z.string().describe('The name, or "Privacy Case"'),
  jobTitle: z.string(),
  date: z.string().describe("MM/DD"),
  where: z.string(),
  description: z.string(),
  outcome: z.enum(caseOutcomes),
  death: z.boolean(),
  daysAwayCase: z.boolean(),
  transferRestrictionCase: z.boolean(),
  otherRecordable: z.boolean(),
  daysAway: z.number().int(),
  daysRestricted: z.number().int(),
  injuryType: z.enum(injuryTypes),
});

export const fileIssue = z.strictObject({ row: z.number().int().nullable(), column: z.string(), message: z.string() });

export const oshaCase = obj("OshaCase", {
  incidentId: id,
  projectId: id,
  projectName: z.string(),
  title: z.string(),
  date,
  location: z.string(),
  employeeName: text,
  jobTitle: text,
  privacyCase: z.boolean(),
  outcome: z.enum(caseOutcomes),
  daysAway: z.number().int(),
  daysRestricted: z.number().int(),
  injuryType: z.enum(injuryTypes),
  ...form301Fields,
  timeOfEvent: text,
  timeBeganWork: text,
  dateOfDeath: date.nullable(),
  establishmentId: id.nullable(),
});

export const yearCounts = {
  ...counts("recordableCases", "deaths", "daysAwayCases", "transferRestrictionCases", "otherRecordableCases"),
  annualAverageEmployees: z.number().nullable(),
  totalHoursWorked: z.number().nullable(),
};

export const photo = obj("Photo", {
  id,
  recordKind: z.enum(PHOTO_RECORD_KINDS),
  recordId: id.nullable().describe("null for a staged inspection photo, attached to nothing yet"),
  fileName: z.string(),
  contentType: z.enum(PHOTO_TYPES),
  byteSize: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  hasThumbnail: z.boolean(),
  locationKept: z.boolean(),
  uploadedBy: id.nullable(),
  uploadedByName: z.string().nullable(),
  createdAt: timestamp,
});

export const crewSignature = obj("CrewSignature", {
  id,
  workerId: id.nullable().describe("The signer's worker profile; null for someone without an account"),
  name: z.string(),
  company: z.string().nullable(),
  via: z.enum(SIGN_ON_VIA).describe("device: on a device handed round by the collector; own: on the signer's own account"),
  device: z.string().nullable(),
  recordVersion: z.string().describe("SHA-256 of the record's content the signer read"),
  current: z.boolean().describe("false: signed an earlier version of the record"),
  collectedByName: z.string().nullable(),
  signedAt: timestamp,
});
export const talkTopic = obj("ToolboxTalkTopic", {
  id,
  language: z.enum(languages),
  title: z.string(),
  content: z.string(),
  trainingModuleId: id.nullable(),
  videoId: id.nullable(),
  createdByName: z.string().nullable(),
  createdAt: timestamp,
});
export const talk = obj("ToolboxTalk", {
  id,
  projectId: id,
  projectName: z.string(),
  topicId: id.nullable(),
  title: z.string(),
  content: z.string(),
  language: z.enum(languages),
  talkDate: date,
  presenterWorkerId: id.nullable(),
  presenterName: z.string(),
  notes: z.string().nullable(),
  trainingModuleId: id.nullable(),
  trainingModuleTitle: z.string().nullable().describe("The linked training module's title"),
  videoId: id.nullable(),
  videoTitle: z.string().nullable().describe("The linked safety video's title"),
  attendeeCount: z.number().int().describe("Signatures on the attendance sheet"),
  createdAt: timestamp,
});
export const attendedTalk = obj("AttendedTalk", {
  talkId: id,
  title: z.string(),
  talkDate: date,
  projectId: id,
  projectName: z.string(),
  signedAt: timestamp.describe("The worker's latest signature on the talk's attendance"),
});
export const talkWeek = obj("ToolboxTalkWeek", {
  week: z.string().describe("ISO 8601 week, e.g. 2026-W06"),
  weekStart: date,
  weekEnd: date,
  talks: z.array(z.strictObject({ id, title: z.string(), talkDate: date, attendeeCount: z.number().int() })),
  talkCount: z.number().int(),
  attendeeCount: z.number().int().describe("Signatures over the week's talks"),
});
export const credentialType = obj("CredentialType", {
  id,
  code: z.string().nullable().describe("Seeded types' fixed code (fire_watch, forklift, ...); null for types staff added"),
  nameEn: z.string(),
  nameEs: z.string(),
  validityMonths: z.number().int().nullable().describe("How long such a card usually lasts; a hint for the form"),
});
export const credential = obj("Credential", {
  id,
  workerId: id,
  workerName: z.string(),
  credentialTypeId: id,
  typeNameEn: z.string(),
  typeNameEs: z.string(),
  number: z.string().nullable(),
  issuer: z.string().nullable(),
  issueDate: date.nullable(),
  expiryDate: date.nullable().describe("The first day the credential no longer counts; null: it does not expire"),
  status: z.enum(CREDENTIAL_STATUSES),
  state: z.enum([...CREDENTIAL_STATUSES, "expired"]).describe("The status with expiry applied, today in the company's time zone"),
  rejectionReason: z.string().nullable(),
  verifiedByName: z.string().nullable(),
  verifiedAt: timestamp.nullable(),
  photoCount: z.number().int(),
  createdAt: timestamp,
});
export const credentialRequirement = obj("CredentialRequirement", {
  id,
  credentialTypeId: id,
  typeNameEn: z.string(),
  typeNameEs: z.string(),
  position: z.string().nullable(),
  projectId: id.nullable(),
  projectName: z.string().nullable(),
  blocking: z.boolean().describe("true: the server refuses what this requirement guards until it is met"),
});
export const requirementStanding = z.strictObject({
  credentialTypeId: id,
  typeNameEn: z.string(),
  typeNameEs: z.string(),
  blocking: z.boolean(),
  standing: z.enum(["met", "expiring", "pending", "missing"]),
  expiryDate: date.nullable(),
});
export const complianceFigures = {
  required: z.number().int(),
  met: z.number().int(),
  expiringSoon: z.number().int(),
  percent: z.number().int(),
};
export const credentialCompliance = obj("CredentialCompliance", { ...complianceFigures, items: z.array(requirementStanding) });
export const projectCredentialCompliance = obj("ProjectCredentialCompliance", {
  projectId: id,
  ...complianceFigures,
  workers: z.array(z.strictObject({ workerId: id, workerName: z.string(), ...complianceFigures, items: z.array(requirementStanding) })),
});
export const credentialImportReport = obj("CredentialImportReport", {
  imported: z.number().int(),
  refused: z.array(
    z.strictObject({
      line: z.number().int().describe("Line of the file; the header is line 1"),
      column: z.string().nullable().describe("The column at fault; null: the whole row"),
      message: z.string(),
    }),
  ),
});
export const signOnLink = obj("SignOnLink", {
  id,
  kind: z.enum(SIGN_ON_LINK_KINDS),
  recordId: id,
  tokenPreview: z.string(),
  expiresAt: timestamp,
  revokedAt: timestamp.nullable(),
  state: z.enum(["active", "expired", "revoked"]),
  createdByName: z.string().nullable(),
  createdAt: timestamp,
});
export const namedWorker = z.looseObject({ workerId: id, name: z.string() });

export const list = <T extends z.ZodType>(item: T) => z.array(item);

export const failedJob = obj("FailedJob", {
  id: z.string().describe("The job's id in the queue"),
  queue: z.string(),
  error: z.string().describe("What the job's last try threw"),
  retryCount: z.number().int(),
  createdOn: timestamp,
  failedOn: timestamp.nullable(),
});

// ---- inspections and corrective actions (issue #35)
export const inspectionItem = obj("InspectionItem", {
  key: z.string(),
  text: z.string(),
  type: z.enum(INSPECTION_ITEM_TYPES),
  weight: z.number().int().min(0).max(10),
  photoRequiredOnFail: z.boolean(),
  priority: z.enum(ACTION_PRIORITIES).describe("Priority of the corrective action a failure raises"),
  note: z.string().nullable(),
  min: z.number().nullable().describe("number items: lowest passing value"),
  max: z.number().nullable().describe("number items: highest passing value"),
  unit: z.string().nullable(),
});
export const inspectionSection = obj("InspectionSection", { title: z.string(), items: z.array(inspectionItem) });
export const templateFields = {
  id,
  name: z.string(),
  language: z.enum(languages),
  category: z.string().nullable().describe("The built-in template it is or was copied from (daily-site-walk, scaffold, ...)"),
  builtin: z.boolean().describe("Shipped with SiteSafe: copied, never edited"),
  currentVersion: z.number().int().positive(),
  copiedFrom: id.nullable(),
  itemCount: z.number().int(),
  updatedAt: timestamp,
};
export const inspectionTemplate = obj("InspectionTemplate", templateFields);
export const inspectionTemplateDetail = obj("InspectionTemplateDetail", { ...templateFields, sections: z.array(inspectionSection) });
export const inspectionFields = {
  id,
  projectId: id,
  projectName: z.string(),
  templateId: id,
  templateName: z.string().describe("The name of the version used"),
  templateVersion: z.number().int().positive().describe("The template version the inspection was made with"),
  inspectorUserId: id.nullable(),
  inspectorName: z.string().nullable(),
  inspectedAt: timestamp,
  score: z
    .number()
    .min(0)
    .max(100)
    .nullable()
    .describe("Weighted share of applicable items passed, N/A left out; null when nothing applied"),
  passedCount: z.number().int(),
  failedCount: z.number().int(),
  naCount: z.number().int(),
  openActionCount: z.number().int(),
  createdAt: timestamp,
};
export const inspection = obj("Inspection", inspectionFields);
export const inspectionDetail = obj("InspectionDetail", {
  ...inspectionFields,
  notes: z.string().nullable(),
  signature: z.string().describe("The inspector's signature, a PNG data URL"),
  sections: z.array(inspectionSection).describe("The items of the version used"),
  answers: z.array(
    z.strictObject({
      id,
      itemKey: z.string(),
      value: z.union([z.string(), z.number()]).nullable(),
      outcome: z.enum(INSPECTION_OUTCOMES),
      note: z.string().nullable(),
      photoCount: z.number().int(),
      photos: z.array(photo).describe("The item's photos, attached when the inspection was created"),
    }),
  ),
  actions: z.array(
    z.strictObject({
      id,
      inspectionAnswerId: id.nullable(),
      description: z.string(),
      priority: z.enum(ACTION_PRIORITIES),
      status: z.enum(actionStatuses),
      ownerUserId: id.nullable(),
      ownerName: z.string().nullable(),
      dueAt: timestamp,
    }),
  ),
});
export const inspectionAnswerRow = obj("InspectionAnswerRow", {
  inspectionId: id,
  project: z.string(),
  template: z.string(),
  templateVersion: z.number().int().positive(),
  inspectedAt: timestamp,
  inspector: z.string().nullable(),
  score: z.number().nullable(),
  section: z.string(),
  itemKey: z.string(),
  item: z.string(),
  weight: z.number().int(),
  answer: z.string().nullable(),
  outcome: z.enum(INSPECTION_OUTCOMES),
  note: z.string().nullable(),
});
export const actionOwner = obj("ActionOwner", {
  userId: id,
  name: z.string(),
  role: z.enum(["admin", "manager", "worker"]),
  position: z.string().nullable().describe("The worker's position (trade); null for staff without a worker profile"),
});
export const inspectionSchedule = obj("InspectionSchedule", {
  id,
  projectId: id,
  projectName: z.string(),
  templateId: id,
  templateName: z.string(),
  frequency: z.enum(INSPECTION_FREQUENCIES),
  startsOn: date,
  periods: z.array(z.strictObject({ start: date, end: date, done: z.number().int(), state: z.enum(["done", "missed", "due"]) })),
  scheduled: z.number().int().describe("Periods ended in the window (28 days)"),
  done: z.number().int(),
  missed: z.number().int(),
});
export const actionFields = {
  id,
  projectId: id,
  projectName: z.string(),
  source: z.enum(ACTION_SOURCES),
  inspectionId: id.nullable(),
  inspectionAnswerId: id.nullable(),
  incidentReportId: id.nullable(),
  jhaFormId: id.nullable(),
  description: z.string(),
  priority: z.enum(ACTION_PRIORITIES),
  status: z.enum(actionStatuses),
  ownerUserId: id.nullable().describe("null once the owner's account is deleted"),
  ownerName: z.string().nullable(),
  raisedBy: id.nullable(),
  raisedByName: z.string().nullable(),
  dueAt: timestamp,
  evidenceNote: z.string().nullable(),
  evidencePhotoCount: z.number().int(),
  submittedAt: timestamp.nullable(),
  verifiedBy: id.nullable(),
  verifiedByName: z.string().nullable(),
  closedAt: timestamp.nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  overdue: z.boolean().describe("Not closed and past due, by the server's clock"),
};
export const correctiveAction = obj("CorrectiveAction", actionFields);
export const correctiveActionDetail = obj("CorrectiveActionDetail", {
  ...actionFields,
  history: z.array(auditEntry),
  foundPhotos: z
    .array(photo)
    .describe("The photos of the failed inspection item the action was raised for (empty for an action raised otherwise)"),
});

// The answers below are each one procedure's; the others are shared.

export const inviteTokensCreate = inviteToken.extend({ token: z.string().describe("The full token: shown this once") });

export const projectsSetFireWatchMinutes = obj("SiteFireWatch", { id, fireWatchMinutes: z.number().int() });

export const trainingCompletion = list(
  obj("TrainingCompletion", {
    workerId: id,
    workerName: z.string(),
    company: z.string().nullable(),
    position: z.string(),
    moduleId: id,
    moduleTitle: z.string(),
    moduleType: z.enum(trainingModuleTypes),
    status: z.enum(trainingStatuses),
    progress: z.number().int().min(0).max(100),
    completedAt: timestamp.nullable(),
    lastAccessedAt: timestamp.nullable(),
  }),
);

export const dashboardStats = obj("DashboardStats", {
  activeProjects: z.number().int(),
  registeredWorkers: z.number().int(),
  safetyCompliance: z.number().min(0).max(100),
  incidentReports: z.number().int(),
  userId: id.describe("The signed-in user the figures are for"),
  workerAssignedProjects: z.number().int().describe("The viewer's own projects; 0 without a worker profile"),
  workerTrainingCompletion: z.number().min(0).max(100).describe("The viewer's own training completion; 0 without a worker profile"),
});

export const dashboardUpcoming = list(
  obj("UpcomingItem", { id: z.string(), type: z.enum(upcomingItemTypes), title: z.string(), datetime: timestamp, details: z.string() }),
);

export const dashboardRecentVideos = list(
  obj("RecentVideo", {
    id,
    title: z.string(),
    duration: z.number().int(),
    publishedAt: timestamp,
    requiredWatchByDate: timestamp.nullable(),
    thumbnail: z.string().nullable(),
    progress: z
      .strictObject({ status: z.enum(videoStatuses), watchedPercentage: z.number().min(0).max(100) })
      .nullable()
      .describe("The viewer's own progress; null without a worker profile or before they start"),
  }),
);

export const dashboardRecentIncidents = list(
  obj("RecentIncident", {
    id,
    title: z.string(),
    projectId: id,
    projectName: z.string(),
    severity: z.enum(incidentSeverities),
    status: z.enum(incidentStatuses),
    date,
    location: z.string(),
    description: z.string(),
  }),
);

export const dashboardTrainingCompletion = obj("TrainingCompletionSummary", {
  modules: z.array(
    z.strictObject({
      moduleId: id,
      title: z.string(),
      completedCount: z.number().int(),
      requiredCount: z.number().int(),
      percentage: z.number(),
    }),
  ),
  worker: z
    .strictObject({ completionPercentage: z.number().min(0).max(100), completedCount: z.number().int(), totalModules: z.number().int() })
    .nullable()
    .describe("The asked-for worker's figures (by default the viewer's own); null without a worker profile"),
  workerCompletionPercentages: z
    .record(z.string(), z.number().min(0).max(100))
    .describe("Every visible worker's completion, by worker id: staff see every worker, a worker only themselves"),
});

export const dashboardUnwatchedRequiredVideos = obj("UnwatchedRequiredVideos", {
  count: z.number().int(),
  videos: z.array(
    z.strictObject({
      id,
      title: z.string(),
      duration: z.number().int(),
      publishedAt: timestamp,
      requiredWatchByDate: timestamp.nullable(),
      watchedPercentage: z.number().nullable(),
    }),
  ),
});

export const dashboardProjectStats = list(projectStats.extend({ status: z.enum(projectStatuses) }));

export const oshaHours = establishmentYear.nullable().describe("null when no hours are on file for the year");

export const oshaLog300 = obj("Log300", { establishment, year: z.number().int(), rows: z.array(log300Row), totals: summaryTotals });

export const oshaSummary300A = obj("Summary300A", {
  establishment,
  year: z.number().int(),
  hours: establishmentYear.nullable(),
  totals: summaryTotals,
  rates,
  certification: z.strictObject({ name: text, title: text, phone: text, date }).nullable(),
  itaIssues: z
    .looseObject({ summary: z.array(fileIssue), cases: z.array(fileIssue) })
    .describe("What OSHA's Injury Tracking Application would reject"),
});

export const oshaForm301 = obj("Form301", {
  case: oshaCase,
  caseNumber: z.string(),
  establishment: establishment.nullable(),
  year: z.number().int(),
});

export const oshaRates = obj("OshaRates", {
  year: z.number().int(),
  establishments: z.array(z.strictObject({ establishmentId: id, name: z.string(), isCompanyDefault: z.boolean(), ...yearCounts, rates })),
  company: z.strictObject({ ...yearCounts, annualAverageEmployees: z.number(), totalHoursWorked: z.number(), rates }),
});

export const photosStorage = obj("PhotoStorage", {
  photoCount: z.number().int(),
  totalBytes: z.number().int(),
  recordsWithPhotos: z.number().int(),
  byKind: z.array(z.strictObject({ kind: z.enum(PHOTO_RECORD_KINDS), photoCount: z.number().int(), totalBytes: z.number().int() })),
});

export const tokensCreate = serviceToken
  .extend({ token: z.string().describe("The secret (sst_...): shown this once, never stored") })
  .meta({ id: "CreatedServiceToken" });

export const signOnStatus = obj("SignOnStatus", {
  kind: z.enum(SIGN_ON_RECORD_KINDS),
  recordId: id,
  projectId: id,
  version: z.string().describe("SHA-256 of the record's current content"),
  open: z.boolean().describe("Whether the record takes signatures (a permit while pending or approved)"),
  assigned: z.array(namedWorker),
  assignedCount: z.number().int(),
  signedCount: z.number().int().describe("Assigned workers who signed the current version"),
  missing: z.array(namedWorker),
  guestCount: z.number().int(),
  signatures: z.array(crewSignature),
});

export const signOnCoverage = obj("BriefingCoverage", {
  projectId: id,
  weekStart: date,
  weekEnd: date,
  assignedCount: z.number().int(),
  days: z.array(
    z.looseObject({
      date,
      jhas: z.array(z.looseObject({ id, title: z.string(), signedCount: z.number().int() })),
      signedCount: z.number().int().describe("Assigned workers who signed the current version of one of the day's JHA forms"),
    }),
  ),
  talkCount: z.number().int(),
  month: z.string(),
  noTalkThisMonth: z.array(namedWorker),
});

export const signOnCreateLink = signOnLink.extend({
  token: z.string().describe("The link's secret: shown this once, only its hash is stored"),
  path: z.string().describe("The short link's path: /s/<token>"),
});

export const signOnPublicView = obj("PublicSignOnView", {
  kind: z.enum(SIGN_ON_LINK_KINDS),
  title: z.string(),
  text: z.string(),
  hazards: z.array(z.looseObject({ description: z.string(), riskLevel: z.string() })),
  controls: z.array(z.looseObject({ description: z.string(), responsibility: z.string() })),
  date: date.nullable(),
  version: z.string(),
  expiresAt: timestamp,
});

export const signOnPublicSign = obj("PublicSignature", { signed: z.literal(true), name: z.string() });

export const credentialsFireWatchCheck = obj("FireWatchCredentialCheck", {
  workerId: id,
  valid: z.boolean().describe("The worker holds a verified, unexpired fire-watch credential today"),
  blocking: z.boolean().describe("The project requires it, blocking: a permit with this fire watch cannot be approved"),
});

export const signOnSignatureImage = obj("SignatureImage", { id, contentType: z.literal("image/png"), dataUrl: z.string() });

/** The error body of every non-2xx answer (docs/api.md). */
export const errorBody = z
  .object({
    message: z.string().describe("What went wrong, in words to show a person"),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("Per-field problems of a 400"),
  })
  .meta({ id: "Error" });
