import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useCurrentUser } from "../../lib/auth";
import { notifySuccess } from "../../lib/notify";
import { onConnectivityChange, useOnline } from "../offline/network";
import { flushOutbox, listOutbox, type OutboxItem, onOutboxChange } from "./outbox";
import { i18n } from "../../lib/i18n";

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

/** Sends now; a sent item refreshes every screen's data and says so. */
export function useFlushOutbox() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // With the browser offline there is nothing to try; the "online" event starts the next run.
    if (!user || !navigator.onLine) return 0;
    const sent = await flushOutbox(user.id);
    if (sent > 0) {
      void queryClient.invalidateQueries();
      notifySuccess(i18n.t("outbox:sentTitle"), i18n.t("outbox:sentMessage", { count: sent }));
    }
    return sent;
  }, [user, queryClient]);
}

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
