import type { SignOnRecordKind, SignOnStatus } from "@sitesafe/domain";
import type { OutboxInput, OutboxItem } from "../outbox/outboxItem";
import { useOutboxItems } from "../outbox/useOutbox";

/** This record's signatures still waiting in this device's Outbox. */
export function useQueuedSignatures(kind: SignOnRecordKind, id: number): OutboxItem<"signOn.sign">[] {
  const items = useOutboxItems() ?? [];
  return items.filter((item): item is OutboxItem<"signOn.sign"> => {
    if (item.path !== "signOn.sign" || item.status === "sent") return false;
    const input = item.input as OutboxInput<"signOn.sign">;
    return input.kind === kind && Number(input.id) === id;
  });
}

/** Who a queued signature names, in words. */
export function queuedName(input: OutboxInput<"signOn.sign">, status: SignOnStatus | undefined, fallback: string): string {
  if (input.guestName) return input.guestName;
  const worker = status?.assigned.find((w) => w.workerId === Number(input.workerId));
  return worker?.name ?? fallback;
}
