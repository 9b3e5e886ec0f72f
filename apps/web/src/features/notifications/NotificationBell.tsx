import { lazy, Suspense } from "react";
import { usePopupOnDemand } from "../../lib/onDemand";
import { trpc } from "../../lib/trpc";
import { BellTrigger, NOTIFICATION_POLL_MS } from "./BellTrigger";

const loadPanel = () => import("./NotificationPanel");
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));

/** The header's bell: the unread count, and the list (NotificationPanel.tsx, loaded on demand). */
export function NotificationBell() {
  const count = trpc.notifications.unreadCount.useQuery(undefined, { refetchInterval: NOTIFICATION_POLL_MS });
  const unread = count.data?.unread ?? 0;
  const { opened, triggerProps } = usePopupOnDemand(loadPanel);
  const plain = <BellTrigger unread={unread} aria-expanded={false} {...triggerProps} />;
  if (!opened) return plain;
  return (
    <Suspense fallback={plain}>
      <NotificationPanel unread={unread} />
    </Suspense>
  );
}
