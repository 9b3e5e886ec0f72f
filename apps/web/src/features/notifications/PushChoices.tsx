import { Alert, Divider, Switch } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, errorStatus, trpc } from "../../lib/trpc";
import { ChoicesCard, KindSwitches } from "./EmailChoices";

/** The browser's applicationServerKey from the server's base64url VAPID key. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** This page's service worker registration (the installable app's, vite.config.ts), if there is one. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return navigator.serviceWorker.getRegistration("/");
}

/**
 * Web Push (docs/notifications.md): a switch that subscribes this device through the service
 * worker's PushManager and sends the subscription to the server, and one switch per kind of
 * notification for whether it also comes by push. The fire watch's required kinds are shown on and
 * cannot be changed, as the server refuses it too.
 */
export function PushChoices() {
  const { t } = useTranslation("notifications");
  const utils = trpc.useUtils();
  const subscribe = trpc.push.subscribe.useMutation();
  const unsubscribe = trpc.push.unsubscribe.useMutation();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [denied, setDenied] = useState(false);

  useEffect(() => {
    let live = true;
    void registration().then(async (reg) => {
      const subscription = reg ? await reg.pushManager.getSubscription() : null;
      if (!live) return;
      setSupported(reg !== undefined);
      setSubscribed(subscription !== null);
      setDenied(pushSupported() && Notification.permission === "denied");
    });
    return () => {
      live = false;
    };
  }, []);

  async function turnOn() {
    const reg = await registration();
    if (!reg) return;
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setDenied(permission === "denied");
      notifyError(t("push.failed"), t("push.denied"));
      return;
    }
    const { publicKey } = await utils.push.publicKey.fetch();
    const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    const json = subscription.toJSON();
    await subscribe.mutateAsync({ endpoint: json.endpoint ?? "", keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } });
    setSubscribed(true);
    notifySuccess(t("push.on"));
  }

  async function turnOff() {
    const reg = await registration();
    const subscription = await reg?.pushManager.getSubscription();
    if (subscription) {
      const endpoint = subscription.endpoint;
      await subscription.unsubscribe();
      // Already forgotten by the server (404): off all the same.
      await unsubscribe.mutateAsync({ endpoint }).catch((error: unknown) => {
        if (errorStatus(error) !== 404) throw error;
      });
    }
    setSubscribed(false);
    notifySuccess(t("push.off"));
  }

  async function toggle(on: boolean) {
    setBusy(true);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      notifyError(t("push.failed"), errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ChoicesCard title={t("push.title")} hint={t("push.hint")} testId="push-choices">
      {supported === false ? (
        <Alert color="gray" variant="light" mb="sm">
          {t("push.unsupported")}
        </Alert>
      ) : (
        <Switch
          size="md"
          checked={subscribed}
          disabled={supported !== true || busy}
          label={t("push.device")}
          description={denied ? t("push.denied") : undefined}
          onChange={(event) => void toggle(event.currentTarget.checked)}
          data-testid="push-device"
        />
      )}
      <Divider my="sm" />
      <KindSwitches channel="push" requiredText={t("push.required")} failedTitle={t("push.failed")} />
    </ChoicesCard>
  );
}
