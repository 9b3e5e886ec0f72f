import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * The Kysely view of the schema in migrations/. Columns are camelCase here and snake_case in
 * PostgreSQL (CamelCasePlugin). Timestamps read as Date; date-only columns read as "YYYY-MM-DD".
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type DateOnly = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  email: string;
  role: ColumnType<"admin" | "manager" | "worker", "admin" | "manager" | "worker" | undefined>;
  firstName: string | null;
  lastName: string | null;
  createdAt: Timestamp;
  /** 'en' or 'es' (migration 0012). */
  /** null until the user chooses (migration 0018): the request's Accept-Language decides. */
  language: ColumnType<"en" | "es" | null, "en" | "es" | null | undefined, "en" | "es" | null>;
}

export interface WorkersTable {
  id: Generated<number>;
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: string;
  company: string | null;
  hardhatNumber: string | null;
  emergencyContact: string | null;
  createdAt: Timestamp;
}

export type ProjectStatus = "active" | "completed" | "on_hold";

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  location: string;
  status: ColumnType<ProjectStatus, ProjectStatus | undefined>;
  description: string | null;
  startDate: DateOnly;
  endDate: ColumnType<string | null, string | null | undefined, string | null>;
  safetyManagerName: string | null;
  safetyManagerPhone: string | null;
  safetyManagerEmail: string | null;
  emergencyContactInfo: Json<Record<string, string>>;
  hasSafetyPlan: ColumnType<boolean, boolean | undefined, boolean>;
  /** OSHA establishment (migration 0009); null rolls up to the company establishment. */
  establishmentId: ColumnType<number | null, number | null | undefined, number | null>;
  /** The post-work fire watch's length at this site, 30 to 720 minutes (migration 0022). */
  fireWatchMinutes: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SafetyPlansTable {
  id: Generated<number>;
  projectId: number;
  fileName: string;
  fileSize: number;
  fileType: string;
  uploadedBy: number | null;
  uploadedAt: Timestamp;
  description: string | null;
  fileData: Uint8Array;
}

/** Credential types (migration 0027): seeded with the common construction ones, extended by staff. */
export interface CredentialTypesTable {
  id: Generated<number>;
  code: string | null;
  nameEn: string;
  nameEs: string;
  validityMonths: number | null;
  createdBy: number | null;
  createdAt: Timestamp;
}

export type CredentialStatusColumn = "submitted" | "verified" | "rejected";

/** A worker's credential (migration 0027); "expired" is computed from expiryDate, never stored. */
export interface CredentialsTable {
  id: Generated<number>;
  workerId: number;
  credentialTypeId: number;
  number: string | null;
  issuer: string | null;
  issueDate: ColumnType<string | null, string | null | undefined, string | null>;
  expiryDate: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<CredentialStatusColumn, CredentialStatusColumn | undefined, CredentialStatusColumn>;
  rejectionReason: string | null;
  submittedBy: number | null;
  verifiedBy: number | null;
  verifiedAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A credential type a position (a worker's role) or a project requires (migration 0027). */
export interface CredentialRequirementsTable {
  id: Generated<number>;
  credentialTypeId: number;
  position: string | null;
  projectId: number | null;
  blocking: ColumnType<boolean, boolean | undefined, boolean>;
  createdBy: number | null;
  createdAt: Timestamp;
}

/** A reminder sent before a credential's expiry (migration 0027): one per credential, step and expiry date. */
export interface CredentialRemindersTable {
  credentialId: number;
  daysBefore: number;
  expiryDate: DateOnly;
  sentAt: Timestamp;
}

/** Photos on incident reports and JHA forms (migration 0008) and toolbox talks (migration 0026); exactly one of the ids is set. */
export interface PhotosTable {
  id: Generated<number>;
  incidentReportId: number | null;
  jhaFormId: number | null;
  toolboxTalkId: Generated<number | null>;
  /** A credential's card, front and back (migration 0027). */
  credentialId: Generated<number | null>;
  inspectionAnswerId: Generated<number | null>;
  correctiveActionId: Generated<number | null>;
  /** An inspection item's photo uploaded before its inspection exists, attached to nothing yet (migration 0032). */
  staged: Generated<boolean>;
  uploadedBy: number | null;
  fileName: string;
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  locationKept: ColumnType<boolean, boolean | undefined, boolean>;
  data: Uint8Array;
  thumbnail: Uint8Array | null;
  thumbnailSize: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
}

/** A crew member's signature on a JHA form or hot work permit (migration 0023, issue #34). */
export interface CrewSignaturesTable {
  id: Generated<number>;
  jhaFormId: number | null;
  hotWorkPermitId: number | null;
  /** Migration 0024. */
  toolboxTalkId: ColumnType<number | null, number | null | undefined, number | null>;
  projectId: number;
  workerId: number | null;
  signerName: string;
  signerCompany: string | null;
  via: "device" | "own" | "link";
  collectedBy: number | null;
  /** The public sign-on link it was made through (migration 0024). */
  signOnLinkId: ColumnType<number | null, number | null | undefined, number | null>;
  device: string | null;
  recordVersion: string;
  signaturePng: Uint8Array;
  byteSize: number;
  signedAt: Timestamp;
}

/** A topic of the toolbox talk library (migration 0024). */
export interface ToolboxTalkTopicsTable {
  id: Generated<number>;
  language: "en" | "es";
  title: string;
  content: string;
  trainingModuleId: number | null;
  videoId: number | null;
  createdBy: number | null;
  createdAt: Timestamp;
}

/** A toolbox talk given on a project (migration 0024); its attendance is crew signatures. */
export interface ToolboxTalksTable {
  id: Generated<number>;
  projectId: number;
  topicId: number | null;
  title: string;
  content: string;
  language: "en" | "es";
  talkDate: DateOnly;
  presenterWorkerId: number | null;
  presenterName: string;
  notes: string | null;
  trainingModuleId: number | null;
  videoId: number | null;
  createdBy: number | null;
  createdAt: Timestamp;
}

/** A public sign-on link of a JHA form or toolbox talk (migration 0024); only the token's hash is kept. */
export interface SignOnLinksTable {
  id: Generated<number>;
  jhaFormId: number | null;
  toolboxTalkId: number | null;
  projectId: number;
  tokenHash: string;
  tokenPreview: string;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  createdBy: number | null;
  createdAt: Timestamp;
}

export interface ProjectWorkersTable {
  id: Generated<number>;
  projectId: number;
  workerId: number;
  assignedAt: Timestamp;
  role: string | null;
}

export interface Hazard {
  description: string;
  riskLevel: "low" | "medium" | "high";
}
export interface ControlMeasure {
  description: string;
  responsibility: string;
}

export interface JhaFormsTable {
  id: Generated<number>;
  projectId: number;
  title: string;
  jobDescription: ColumnType<string, string | undefined, string>;
  hazards: Json<Hazard[]>;
  controlMeasures: Json<ControlMeasure[]>;
  submittedBy: number | null;
  submittedAt: Timestamp;
  updatedAt: Timestamp;
}

export interface JhaCommentsTable {
  id: Generated<number>;
  jhaFormId: number;
  userId: number | null;
  content: string;
  visibility: ColumnType<"private" | "public", "private" | "public" | undefined>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type IncidentSeverity = "minor" | "moderate" | "severe" | "near_miss";
export type IncidentStatus = "open" | "in_progress" | "closed";

export interface IncidentReportsTable {
  id: Generated<number>;
  projectId: number;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  severity: ColumnType<IncidentSeverity, IncidentSeverity | undefined>;
  date: ColumnType<string, string | undefined, string>;
  location: ColumnType<string, string | undefined, string>;
  reportedBy: number | null;
  involvedWorkers: Json<number[]>;
  actionTaken: string | null;
  preventiveMeasures: string | null;
  status: ColumnType<IncidentStatus, IncidentStatus | undefined>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type TrainingModuleType = "site_safety" | "spotter_safety" | "equipment_operation" | "fall_protection" | "hazardous_materials";

export interface TrainingModulesTable {
  id: Generated<number>;
  slug: string | null;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  type: ColumnType<TrainingModuleType, TrainingModuleType | undefined>;
  /** Shape owned by packages/domain (training): sections, quiz, guidelines. */
  content: Json<unknown>;
  duration: ColumnType<number, number | undefined, number>;
  createdBy: number | null;
  createdAt: Timestamp;
}

/** A module's title, description and content in another language (migration 0013). */
export interface TrainingModuleTranslationsTable {
  moduleId: number;
  language: "es";
  title: string;
  description: ColumnType<string, string | undefined, string>;
  /** Shape owned by packages/domain (training): translatedModuleContentSchema. */
  content: Json<unknown>;
  updatedAt: Timestamp;
}

export type TrainingStatus = "not_started" | "in_progress" | "completed";

export interface WorkerTrainingsTable {
  id: Generated<number>;
  workerId: number;
  moduleId: number;
  status: ColumnType<TrainingStatus, TrainingStatus | undefined>;
  completedAt: NullableTimestamp;
  lastAccessedAt: NullableTimestamp;
  progress: ColumnType<number, number | undefined, number>;
}

export interface SafetyVideosTable {
  id: Generated<number>;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  url: string;
  duration: ColumnType<number, number | undefined, number>;
  publishedAt: Timestamp;
  requiredWatchByDate: NullableTimestamp;
  thumbnail: string | null;
  tags: Json<string[]>;
  createdBy: number | null;
  createdAt: Timestamp;
}

export type VideoStatus = "not_watched" | "partially_watched" | "completed";

export interface WorkerVideosTable {
  id: Generated<number>;
  workerId: number;
  videoId: number;
  status: ColumnType<VideoStatus, VideoStatus | undefined>;
  watchedPercentage: ColumnType<number, number | undefined, number>;
  lastWatchedAt: NullableTimestamp;
  /** "I watched this" where the player could not report; never changes status or percentage. */
  selfAttestedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A knowledge check graded on the server: the options chosen (null = none), the result and when. */
export interface QuizAttemptsTable {
  id: Generated<number>;
  workerId: number;
  moduleId: number;
  answers: ColumnType<(number | null)[], string, string>;
  correctCount: number;
  questionCount: number;
  score: number;
  passed: boolean;
  submittedAt: ColumnType<Date, Date | undefined, never>;
}

export type CommentStatusColumn = "open" | "in_progress" | "resolved" | "closed";

export interface SafetyCommentsTable {
  id: Generated<number>;
  userId: number | null;
  projectId: number | null;
  title: string;
  content: string;
  status: ColumnType<CommentStatusColumn, CommentStatusColumn | undefined>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  resolvedAt: NullableTimestamp;
  resolvedBy: number | null;
  managerResponse: string | null;
}

export type PermitStatusColumn = "pending" | "approved" | "rejected" | "closed";

export interface HotWorkPermitsTable {
  id: Generated<number>;
  projectId: number;
  title: string;
  location: string;
  workDescription: string;
  startDate: ColumnType<Date, Date | string, Date | string>;
  endDate: ColumnType<Date, Date | string, Date | string>;
  requestedBy: number | null;
  requestedAt: Timestamp;
  status: ColumnType<PermitStatusColumn, PermitStatusColumn | undefined>;
  precautions: Json<string[]>;
  equipmentUsed: Json<string[]>;
  fireWatchRequired: ColumnType<boolean, boolean | undefined, boolean>;
  fireWatchBy: string | null;
  /** The worker picked as fire watch, when one was picked (migration 0027); the name above stays. */
  fireWatchWorkerId: Generated<number | null>;
  approvedBy: number | null;
  approvedAt: NullableTimestamp;
  rejectedBy: number | null;
  rejectedAt: NullableTimestamp;
  rejectionReason: string | null;
  closedAt: NullableTimestamp;
  closedBy: number | null;
  closingNotes: string | null;
  updatedAt: Timestamp;
}

export interface InviteTokensTable {
  id: Generated<number>;
  tokenHash: string;
  tokenPreview: string;
  role: "admin" | "manager";
  createdBy: number | null;
  createdAt: Timestamp;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  usedAt: NullableTimestamp;
  usedBy: number | null;
}

export interface SessionsTable {
  id: string;
  secretHash: Uint8Array;
  userId: number;
  createdAt: Timestamp;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
}

export interface ServiceTokensTable {
  id: Generated<number>;
  userId: number;
  name: string;
  tokenHash: string;
  tokenPreview: string;
  scope: "read" | "read-write";
  createdAt: Timestamp;
  expiresAt: NullableTimestamp;
  lastUsedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
}

/** Failed-login counters (migration 0006): one row per account name and per client address. */
export interface LoginLimitsTable {
  scope: "account" | "address";
  key: string;
  failures: number;
  windowStartedAt: Timestamp;
}

export interface AuditEventsTable {
  id: Generated<string>;
  actorUserId: number | null;
  actorName: string | null;
  entity: string;
  entityId: number;
  action: string;
  fromState: string | null;
  toState: string | null;
  details: ColumnType<unknown, string | null | undefined, string | null>;
  createdAt: Timestamp;
}

export interface EstablishmentsTable {
  id: Generated<number>;
  name: string;
  companyName: string | null;
  streetAddress: string;
  city: string;
  state: string;
  zip: string;
  naicsCode: string;
  industryDescription: string | null;
  ein: string | null;
  size: number;
  establishmentType: ColumnType<number, number | undefined, number>;
  isCompanyDefault: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface EstablishmentYearsTable {
  establishmentId: number;
  year: number;
  annualAverageEmployees: number;
  /** bigint, read as a number (createDb.ts). */
  totalHoursWorked: ColumnType<number, number, number>;
  monthlyHours: ColumnType<number[] | null, string | null, string | null>;
  certifiedByName: string | null;
  certifiedByTitle: string | null;
  certifiedByPhone: string | null;
  certifiedOn: ColumnType<string | null, string | null, string | null>;
  updatedAt: Timestamp;
}

export interface IncidentRecordkeepingTable {
  incidentId: number;
  recordable: boolean;
  notRecordableReason: string | null;
  employeeWorkerId: number | null;
  employeeName: string | null;
  jobTitle: string | null;
  timeOfEvent: string | null;
  timeBeganWork: string | null;
  outcome: string | null;
  daysAway: number;
  daysRestricted: number;
  dateOfDeath: ColumnType<string | null, string | null, string | null>;
  injuryType: string | null;
  privacyCase: boolean;
  privacyReason: string | null;
  /** The Form 301 fields: shape owned by packages/domain (osha). */
  details: Json<Record<string, unknown>>;
  classifiedBy: number | null;
  updatedAt: Timestamp;
}

export interface IdempotencyKeysTable {
  userId: number;
  key: string;
  /** Hash of the procedure and its input: the same key with another request is refused. */
  fingerprint: string;
  /** The first answer, superjson text. */
  answer: string | null;
  createdAt: Timestamp;
}

/** One notification for one person (migration 0022, docs/notifications.md). */
export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  kind: string;
  entity: string;
  entityId: number;
  projectId: number | null;
  params: Json<Record<string, string | number | null>>;
  urgent: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: Timestamp;
  readAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Whether a user also wants a kind of notification by e-mail (migration 0022). */
export interface NotificationPreferencesTable {
  userId: number;
  kind: string;
  /** null: no e-mail choice for this kind (migration 0025). */
  email: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** The Web Push choice; null: none made. */
  push: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
}

/** The server's VAPID key pair, one row (migration 0025). */
export interface PushVapidKeysTable {
  id: number;
  publicKey: string;
  privateKey: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** A browser's Web Push subscription (migration 0025). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: ColumnType<Date, Date | undefined, Date>;
}

/** The post-work fire watch of a closed permit (migration 0022). */
export interface FireWatchesTable {
  permitId: number;
  startsAt: Date;
  endsAt: Date;
  startRemindedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  halfwayRemindedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  endRemindedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  escalatedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  signedOffAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  signedOffBy: ColumnType<number | null, number | null | undefined, number | null>;
  signedOffName: ColumnType<string | null, string | null | undefined, string | null>;
  /** Started because the permit's end time passed unclosed (migration 0025). */
  startedByEndTime: ColumnType<boolean, boolean | undefined, boolean>;
}

/** One change counter per table, moved at commit by the database's own triggers (migration 0005). */
export interface Database {
  users: UsersTable;
  workers: WorkersTable;
  projects: ProjectsTable;
  safetyPlans: SafetyPlansTable;
  projectWorkers: ProjectWorkersTable;
  jhaForms: JhaFormsTable;
  jhaComments: JhaCommentsTable;
  incidentReports: IncidentReportsTable;
  trainingModules: TrainingModulesTable;
  trainingModuleTranslations: TrainingModuleTranslationsTable;
  workerTrainings: WorkerTrainingsTable;
  safetyVideos: SafetyVideosTable;
  workerVideos: WorkerVideosTable;
  quizAttempts: QuizAttemptsTable;
  safetyComments: SafetyCommentsTable;
  hotWorkPermits: HotWorkPermitsTable;
  inviteTokens: InviteTokensTable;
  sessions: SessionsTable;
  loginLimits: LoginLimitsTable;
  auditEvents: AuditEventsTable;
  establishments: EstablishmentsTable;
  establishmentYears: EstablishmentYearsTable;
  incidentRecordkeeping: IncidentRecordkeepingTable;
  photos: PhotosTable;
  serviceTokens: ServiceTokensTable;
  idempotencyKeys: IdempotencyKeysTable;
  crewSignatures: CrewSignaturesTable;
  toolboxTalkTopics: ToolboxTalkTopicsTable;
  toolboxTalks: ToolboxTalksTable;
  signOnLinks: SignOnLinksTable;
  notifications: NotificationsTable;
  notificationPreferences: NotificationPreferencesTable;
  fireWatches: FireWatchesTable;
  pushVapidKeys: PushVapidKeysTable;
  pushSubscriptions: PushSubscriptionsTable;
  credentialTypes: CredentialTypesTable;
  credentials: CredentialsTable;
  credentialRequirements: CredentialRequirementsTable;
  credentialReminders: CredentialRemindersTable;
  inspectionTemplates: InspectionTemplatesTable;
  inspectionTemplateVersions: InspectionTemplateVersionsTable;
  inspections: InspectionsTable;
  inspectionAnswers: InspectionAnswersTable;
  inspectionSchedules: InspectionSchedulesTable;
  correctiveActions: CorrectiveActionsTable;
}

/** Inspections and corrective actions (migration 0028_inspections.ts, issue #35). */
export interface InspectionTemplatesTable {
  id: Generated<number>;
  name: string;
  language: "en" | "es";
  category: string | null;
  builtin: ColumnType<boolean, boolean | undefined, boolean>;
  currentVersion: ColumnType<number, number | undefined, number>;
  copiedFrom: number | null;
  createdBy: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Immutable: a trigger refuses UPDATE. */
export interface InspectionTemplateVersionsTable {
  id: Generated<number>;
  templateId: number;
  version: number;
  name: string;
  content: Json<unknown>;
  createdBy: number | null;
  createdAt: Timestamp;
}

export interface InspectionsTable {
  id: Generated<number>;
  projectId: number;
  templateId: number;
  templateVersionId: number;
  inspectorUserId: number | null;
  inspectedAt: Timestamp;
  score: number | null;
  passedCount: number;
  failedCount: number;
  naCount: number;
  notes: string | null;
  signature: string;
  createdAt: Timestamp;
}

export interface InspectionAnswersTable {
  id: Generated<number>;
  inspectionId: number;
  itemKey: string;
  position: number;
  value: Json<unknown>;
  outcome: "pass" | "fail" | "na";
  note: string | null;
}

export interface InspectionSchedulesTable {
  id: Generated<number>;
  projectId: number;
  templateId: number;
  frequency: "daily" | "weekly";
  startsOn: DateOnly;
  createdBy: number | null;
  createdAt: Timestamp;
}

export interface CorrectiveActionsTable {
  id: Generated<number>;
  projectId: number;
  source: "inspection" | "incident" | "jha" | "manual";
  inspectionId: number | null;
  inspectionAnswerId: number | null;
  incidentReportId: number | null;
  jhaFormId: number | null;
  description: string;
  priority: "high" | "medium" | "low";
  status: ColumnType<
    "open" | "in_progress" | "awaiting_verification" | "closed",
    "open" | "in_progress" | "awaiting_verification" | "closed" | undefined,
    "open" | "in_progress" | "awaiting_verification" | "closed"
  >;
  ownerUserId: number | null;
  raisedBy: number | null;
  dueAt: Timestamp;
  evidenceNote: string | null;
  submittedAt: NullableTimestamp;
  verifiedBy: number | null;
  closedAt: NullableTimestamp;
  rejectionReason: string | null;
  overdueNotifiedAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type WorkerRow = Selectable<WorkersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
