import { credentials, type Database, notifications } from "@sitesafe/db";
import { reminderStepDue, todayIn } from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { QueueDefinition } from "../jobs/queue.js";
import { type Delivery, notify } from "./notifications.js";

/**
 * Reminders before a credential expires (docs/notifications.md): 30 and 7 days before its expiry
 * date (or on the first run after, when that day was missed), the worker and the managers of their projects are told (the bell, e-mail and
 * push through notify()). Run once a day by the `credential-reminders` job. Each reminder is
 * stamped in credential_reminders (credential, step, expiry date) in the transaction that writes
 * its notifications; a stamp already there (a rerun, a second instance) sends nothing, so each is
 * sent once. A renewed card (a new expiry date) is reminded again.
 */
export const CREDENTIAL_REMINDER_QUEUE: QueueDefinition = {
  name: "credential-reminders",
  retryLimit: 3,
  retryDelay: 60,
  expireInSeconds: 900,
};
/** Every day at 06:00 in the company's time zone (DIGEST_TIME_ZONE). */
export const CREDENTIAL_REMINDER_CRON = "0 6 * * *";

export async function sendCredentialReminders(
  db: Kysely<Database>,
  delivery: Delivery | undefined,
  now: Date,
  timeZone: string,
): Promise<number[]> {
  const today = todayIn(timeZone, now);
  const due = await credentials.remindersDue(db, today);
  const told: number[] = [];
  for (const r of due) {
    // The domain's rule says which step this is; the query picked the rows by the same window.
    const step = reminderStepDue(r.expiryDate, today);
    if (step === null) continue;
    await db.transaction().execute(async (trx) => {
      if (!(await credentials.stampReminder(trx, { credentialId: r.credentialId, daysBefore: step, expiryDate: r.expiryDate }))) return;
      const managers = await credentials.projectManagerUserIds(trx, r.workerId);
      const staffIds = managers.length > 0 ? managers : (await notifications.staffRecipients(trx)).map((s) => s.userId);
      const ids = [...new Set([...(r.workerUserId !== null ? [r.workerUserId] : []), ...staffIds])];
      const recipients = await notifications.recipientsAmong(trx, ids);
      const sent = await notify(trx, {
        kind: "credential.expiring",
        entity: "worker",
        entityId: r.workerId,
        projectId: null,
        params: { worker: r.workerName, type: r.typeNameEn, typeEs: r.typeNameEs, days: r.daysLeft, date: r.expiryDate },
        recipients,
        delivery,
        now,
      });
      told.push(...sent);
    });
  }
  return told;
}
