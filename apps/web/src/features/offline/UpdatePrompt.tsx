import { Affix, Button, Group, Paper, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

type Update = () => Promise<void>;
let registered: Promise<void> | undefined;
const listeners = new Set<(update: Update) => void>();

/**
 * Registers the service worker once per page (vite.config.ts builds it) and tells listeners when a
 * new version has been downloaded and waits. Loaded after the first render, so /auth's first paint
 * does not wait for it. The worker checks for a new version hourly while the app stays open.
 */
function registerOnce() {
  registered ??= import("virtual:pwa-register").then(({ registerSW }) => {
    const updateSW = registerSW({
      onNeedRefresh: () => {
        for (const listener of listeners) listener(() => updateSW(true));
      },
      onRegisteredSW: (_url, registration) => {
        if (registration) setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
      },
    });
  });
  return registered;
}

/** "Reload to update" when a new version is ready: never a silently stale app, never a surprise reload. */
export function UpdatePrompt() {
  const { t } = useTranslation("offline");
  const [update, setUpdate] = useState<Update | null>(null);
  useEffect(() => {
    if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
    const listener = (next: Update) => setUpdate(() => next);
    listeners.add(listener);
    void registerOnce();
    return () => {
      listeners.delete(listener);
    };
  }, []);
  if (!update) return null;
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={400}>
      <Paper withBorder shadow="md" p="sm" radius="md" maw={480} mx="auto" role="status" data-testid="update-prompt">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{t("updateReady")}</Text>
          <Button size="xs" onClick={() => void update()}>
            {t("reloadToUpdate")}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
