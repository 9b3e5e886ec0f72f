/**
 * The OSHA recordkeeping area's vocabulary and its labels, without schemas: the signed-in screens' English texts
 * (each feature's locales/en.ts in apps/web, loaded with the layout on every first screen) read these, and a
 * module of zod schemas costs a phone the time to build them all (issue #37; docs/conventions.md,
 * "Schema-free modules"). The schemas are in osha.ts, which re-exports this module.
 */

// ---- classification vocabulary

/** Case outcomes, most serious first: a case is recorded under the first one that applies. */
export const caseOutcomes = ["death", "days_away", "job_transfer_restriction", "other_recordable"] as const;
export type CaseOutcome = (typeof caseOutcomes)[number];

export const caseOutcomeLabels: Record<CaseOutcome, string> = {
  death: "Death",
  days_away: "Days away from work",
  job_transfer_restriction: "Job transfer or restriction",
  other_recordable: "Other recordable case",
};
/** Form 300 checkbox columns G to J. */
export const caseOutcomeColumns: Record<CaseOutcome, "G" | "H" | "I" | "J"> = {
  death: "G",
  days_away: "H",
  job_transfer_restriction: "I",
  other_recordable: "J",
};
/** ITA case file `incident_outcome` codes. */
export const caseOutcomeItaCodes: Record<CaseOutcome, number> = {
  death: 1,
  days_away: 2,
  job_transfer_restriction: 3,
  other_recordable: 4,
};

export const injuryTypes = ["injury", "skin_disorder", "respiratory_condition", "poisoning", "hearing_loss", "other_illness"] as const;
export type InjuryType = (typeof injuryTypes)[number];

export const injuryTypeLabels: Record<InjuryType, string> = {
  injury: "Injury",
  skin_disorder: "Skin disorder",
  respiratory_condition: "Respiratory condition",
  poisoning: "Poisoning",
  hearing_loss: "Hearing loss",
  other_illness: "All other illnesses",
};
/** Form 300 column M, boxes 1 to 6; also the ITA `type_of_incident` code. */
export const injuryTypeCodes: Record<InjuryType, number> = {
  injury: 1,
  skin_disorder: 2,
  respiratory_condition: 3,
  poisoning: 4,
  hearing_loss: 5,
  other_illness: 6,
};

export const notRecordableReasons = ["first_aid_only", "not_work_related", "no_injury_or_illness", "not_an_employee", "other"] as const;
export type NotRecordableReason = (typeof notRecordableReasons)[number];
export const notRecordableReasonLabels: Record<NotRecordableReason, string> = {
  first_aid_only: "First aid only",
  not_work_related: "Not work-related",
  no_injury_or_illness: "No injury or illness",
  not_an_employee: "Not our employee",
  other: "Other reason",
};

/** The privacy concern cases of 1904.29(b)(7). */
export const privacyReasons = [
  "intimate_body_part",
  "sexual_assault",
  "mental_illness",
  "infectious_disease",
  "sharps_contaminated",
  "employee_request",
] as const;
export type PrivacyReason = (typeof privacyReasons)[number];
export const privacyReasonLabels: Record<PrivacyReason, string> = {
  intimate_body_part: "Injury or illness to an intimate body part or the reproductive system",
  sexual_assault: "Injury or illness resulting from a sexual assault",
  mental_illness: "Mental illness",
  infectious_disease: "HIV infection, hepatitis or tuberculosis",
  sharps_contaminated: "Needlestick or sharps injury contaminated with another person's blood or infectious material",
  employee_request: "Other illness; the employee asked that the name be left off",
};

export const sexes = ["M", "F", "X"] as const;
