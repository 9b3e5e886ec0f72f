import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useCurrentUser } from "../../lib/auth";
import { i18n } from "../../lib/i18n";
import { notifySuccess } from "../../lib/notify";
import { onConnectivityChange, useOnline } from "../offline/network";
import { flushOutbox, listOutbox, onFlushRequest, onOutboxChange } from "./outbox";
import { type OutboxItem, PHOTO_UPLOAD } from "./outboxItem";

/** This user's outbox items, newest first, kept current. */
export function useOutboxItems(): OutboxItem[] | undefined {
  const user = useCurrentUser();
  const [items, setItems] = useState<OutboxItem[]>();
  useEffect(() => {
    if (!user) return;
    let live = true;
    const load = () => void listOutbox(user.id).then((next) => live && setItems(next));
    load();
    const off = onOutboxChange(load);
    return () => {
      live = false;
      off();
    };
  }, [user]);
  return items;
}

/**
 * Sends now; a sent item refreshes every screen's data and says so (a photo added online, which
 * the user watched upload, refreshes the photo lists without a toast).
 */
export function useFlushOutbox() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ evenOffline = false } = {}) => {
      // With the browser offline there is nothing to try; the "online" event starts the next run.
      if (!user || (!navigator.onLine && !evenOffline)) return 0;
      const sentItems = await flushOutbox(user.id);
      const sent = sentItems.filter((i) => !i.quiet).length;
      if (sentItems.some((i) => i.path !== PHOTO_UPLOAD)) void queryClient.invalidateQueries();
      else if (sentItems.length > 0) void queryClient.invalidateQueries({ predicate: (q) => isPhotoQuery(q.queryKey) });
      if (sent > 0) {
        notifySuccess(i18n.t("outbox:sentTitle"), i18n.t("outbox:sentMessage", { count: sent }));
      }
      return sent;
    },
    [user, queryClient],
  );
}

/** tRPC's query keys start with the procedure's path: [["photos", "list"], ...]. */
const isPhotoQuery = (key: readonly unknown[]) => Array.isArray(key[0]) && key[0][0] === "photos";

const RETRY_EVERY_MS = 20_000;

/**
 * Sends the Outbox when the app opens, when the connection returns, and every 20 s while items
 * wait: also after the app was closed with items in it. Mounted once, in the signed-in layout.
 */
export function OutboxSync() {
  const flush = useFlushOutbox();
  const online = useOnline();
  const items = useOutboxItems();
  const waiting = items?.some((i) => i.status === "pending") ?? false;
  // A photo queued just now goes at once; one that failed tries again after its pause.
  const retryAt = Math.min(
    ...(items ?? []).filter((i) => i.status === "pending" && i.retryAt !== undefined).map((i) => i.retryAt as number),
  );
  useEffect(() => onFlushRequest(() => void flush({ evenOffline: true })), [flush]);
  useEffect(() => {
    if (!Number.isFinite(retryAt)) return;
    const timer = setTimeout(() => void flush(), Math.max(0, retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [retryAt, flush]);
  useEffect(() => {
    if (!waiting) return;
    void flush();
    const timer = setInterval(() => void flush(), RETRY_EVERY_MS);
    const off = onConnectivityChange(() => void flush());
    return () => {
      clearInterval(timer);
      off();
    };
  }, [waiting, flush]);
  // Coming back online is the moment to try, even if the last try was seconds ago.
  useEffect(() => {
    if (online && waiting) void flush();
  }, [online, waiting, flush]);
  return null;
}
