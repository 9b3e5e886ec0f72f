import { useNotifications } from "@mantine/notifications";
import { useEffect, useSyncExternalStore } from "react";

type ToastsModule = typeof import("./Toasts");
let loaded: ToastsModule | undefined;
const listeners = new Set<() => void>();
const loadToasts = () =>
  import("./Toasts").then((m) => {
    loaded = m;
    for (const listener of listeners) listener();
  });
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Starts loading the toast container ahead of a toast, e.g. while a sign-in request runs. */
export function preloadToasts() {
  if (!loaded) void loadToasts();
}

/**
 * The toast container for /auth, loaded when preloadToasts() is called (a sign-in starts) or a
 * toast is first shown there, so the sign-in page does not load the notifications code up front
 * (bundle budget). It mounts as soon as it has loaded, so "Login successful" shows as it did
 * when the container was always there. Signed-in screens mount <Toasts /> in the protected layout.
 */
export function ToastsOnDemand() {
  const { notifications, queue } = useNotifications();
  const wanted = notifications.length + queue.length > 0;
  const toasts = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (wanted) preloadToasts();
  }, [wanted]);
  return toasts ? <toasts.Toasts /> : null;
}
