/**
 * How the Outbox's "Edit and retry" dialog (OutboxPage.tsx) shows each field of a queued write.
 * A refusal may name any field, so every one is shown: text, numbers and yes/no answers can be
 * changed; a project or a person (`projectId`, `submittedBy`, ...) is picked by name, not typed as
 * an id (the dialog offers the form's own choices); lists (hazards, precautions), grouped answers
 * and empty fields cannot be changed (their shape is not known here), and are shown as they are,
 * read-only.
 */
export type EditField =
  | { key: string; kind: "text"; value: string; long: boolean }
  | { key: string; kind: "number"; value: number }
  | { key: string; kind: "choice"; of: "project" | "worker"; value: number }
  | { key: string; kind: "boolean"; value: boolean }
  | { key: string; kind: "readOnly"; value: unknown; shown: string };

/** Fields that hold a project's or a worker's id, in the forms the Outbox queues. */
const CHOICES: Record<string, "project" | "worker"> = {
  projectId: "project",
  submittedBy: "worker",
  reportedBy: "worker",
  requestedBy: "worker",
};

/** Longer text than this is edited in a text area. */
const LONG_TEXT = 60;

/**
 * What a read-only value reads as: a group's filled-in answers joined by " – ", a list's items by
 * "; " ("" for an empty one), so a worker reads "Shoring – Foreman", not the stored shape.
 */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(showValue).filter(Boolean).join("; ");
  if (typeof value === "object") return Object.values(value).map(showValue).filter(Boolean).join(" – ");
  return String(value);
}

export function editFields(input: Record<string, unknown>): EditField[] {
  return Object.entries(input).map(([key, value]): EditField => {
    if (typeof value === "string") return { key, kind: "text", value, long: value.length > LONG_TEXT };
    const of = CHOICES[key];
    if (typeof value === "number" && of) return { key, kind: "choice", of, value };
    if (typeof value === "number") return { key, kind: "number", value };
    if (typeof value === "boolean") return { key, kind: "boolean", value };
    return { key, kind: "readOnly", value, shown: showValue(value) };
  });
}

/** Whether any field is shown read-only (the dialog then says why). */
export const hasReadOnly = (fields: EditField[]) => fields.some((f) => f.kind === "readOnly");
