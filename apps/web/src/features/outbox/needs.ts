import type { OutboxInput, OutboxItem, PhotoUploadInput } from "./outboxItem";

/**
 * Items that wait for others (docs/decisions/0111-offline-outbox-and-idempotency.md): a photo for a
 * report still queued waits for that one item (`after`); an inspection waits for all its staged
 * photos (`needs`) and is sent with their server ids. Pure, so the rules are tested without IndexedDB.
 */

/** Whether the item must wait: its record (`after`) or one of its photos (`needs`) is kept here and not sent yet. */
export function waitsForAnother(item: OutboxItem, byId: Map<string, OutboxItem>): boolean {
  for (const id of [...(item.after ? [item.after] : []), ...(item.needs ?? [])]) {
    const first = byId.get(id);
    if (first !== undefined && first.status !== "sent") return true;
  }
  return false;
}

/** The items that wait for this one through `needs` (the inspection of a staged photo). */
export function waitersOf(item: OutboxItem, all: readonly OutboxItem[]): OutboxItem[] {
  return all.filter((i) => i.needs?.includes(item.id) && i.status !== "sent");
}

/**
 * The input an item is sent with: an inspection's answers get the server ids of its sent staged
 * photos (each photo names its item). A photo no longer here (discarded) is left out: the server
 * then says whether the item needed it (PHOTO_REQUIRED_ON_FAIL).
 */
export function inputWithNeeds(item: OutboxItem, byId: Map<string, OutboxItem>): unknown {
  if (!item.needs?.length || item.path !== "inspections.create") return item.input;
  const ids = new Map<string, number[]>();
  for (const id of item.needs) {
    const photo = byId.get(id);
    const staged = (photo?.input as PhotoUploadInput | undefined)?.staged;
    if (photo?.status !== "sent" || photo.resultId === undefined || !staged) continue;
    ids.set(staged.itemKey, [...(ids.get(staged.itemKey) ?? []), photo.resultId]);
  }
  const input = item.input as OutboxInput<"inspections.create">;
  return { ...input, answers: input.answers.map((a) => ({ ...a, photoIds: ids.get(a.itemKey) ?? [] })) };
}
