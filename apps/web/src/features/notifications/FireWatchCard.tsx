import { Alert, Badge, Button, Card, Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import { type FireWatchState, fireWatchState, maySignOffFireWatch } from "@sitesafe/domain";
import { IconFlame } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActor } from "../../lib/auth";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";

type PermitDetail = RouterOutputs["permits"]["byId"];

const STATE_COLOR: Record<FireWatchState, string> = { running: "orange", awaitingSignOff: "yellow", overdue: "red", signedOff: "green" };

/** "mm:ss", or "h:mm:ss" past an hour. */
function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** The clock of this screen, ticking each second while the watch is not signed off. */
function useNow(ticking: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/**
 * The post-work fire watch on the permit page (docs/notifications.md): a countdown while it runs,
 * and the sign-off ("area inspected, no smoke, no heat") for the fire watch, the requester or a
 * manager once it has ended, decided by the same domain function the server uses.
 */
export function FireWatchCard({ permit }: { permit: PermitDetail }) {
  const { t } = useTranslation("notifications");
  const actor = useActor();
  const utils = trpc.useUtils();
  const watch = permit.fireWatch;
  const now = useNow(watch !== null && watch.signedOffAt === null);
  const [checks, setChecks] = useState({ areaInspected: false, noSmoke: false, noHeat: false });
  const signOff = trpc.permits.signOffFireWatch.useMutation({
    onSuccess: (updated) => {
      utils.permits.byId.setData({ id: permit.id }, updated);
      void utils.dashboard.overdueFireWatches.invalidate();
      notifySuccess(t("fireWatch.signedOffToast"));
    },
    onError: (error) => notifyError(t("fireWatch.signOffFailed"), errorMessage(error)),
  });
  if (!watch) return null;
  const facts = {
    startsAt: new Date(watch.startsAt),
    endsAt: new Date(watch.endsAt),
    startRemindedAt: null,
    halfwayRemindedAt: null,
    endRemindedAt: null,
    escalatedAt: watch.escalatedAt ? new Date(watch.escalatedAt) : null,
    signedOffAt: watch.signedOffAt ? new Date(watch.signedOffAt) : null,
  };
  const state = fireWatchState(facts, now);
  const people = { requesterUserId: permit.requesterUserId, fireWatchUserId: permit.fireWatchUserId };
  const mayAct = actor !== null && maySignOffFireWatch(actor, people);
  const allChecked = checks.areaInspected && checks.noSmoke && checks.noHeat;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="fire-watch" data-state={state}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="xs">
          <IconFlame size={20} color="var(--mantine-color-orange-6)" />
          <Title order={2} size="h4">
            {t("fireWatch.title")}
          </Title>
        </Group>
        <Badge color={STATE_COLOR[state]} size="lg" data-testid="fire-watch-state">
          {t(`fireWatch.${state}`)}
        </Badge>
      </Group>
      {state === "running" ? (
        <Stack gap={2} align="center" my="sm">
          <Text size="sm" c="dimmed">
            {t("fireWatch.remaining")}
          </Text>
          <Text fz={44} fw={800} ff="monospace" data-testid="fire-watch-countdown" aria-live="off">
            {countdown(facts.endsAt.getTime() - now.getTime())}
          </Text>
          <Text size="sm">{t("fireWatch.endsAt", { time: formatDateTime(facts.endsAt) })}</Text>
        </Stack>
      ) : null}
      {state === "signedOff" && watch.signedOffAt ? (
        <Text size="sm">{t("fireWatch.signedOffBy", { name: watch.signedOffName ?? "", date: formatDateTime(watch.signedOffAt) })}</Text>
      ) : null}
      {state !== "signedOff" && mayAct ? (
        <Stack gap="sm" mt="sm">
          {state === "running" ? (
            <Alert color="gray" variant="light">
              {t("fireWatch.waitForEnd")}
            </Alert>
          ) : (
            <>
              {(["areaInspected", "noSmoke", "noHeat"] as const).map((key) => (
                <Checkbox
                  key={key}
                  size="md"
                  label={t(`fireWatch.${key}`)}
                  data-path={key}
                  checked={checks[key]}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setChecks((c) => ({ ...c, [key]: checked }));
                  }}
                />
              ))}
              <Button
                size="lg"
                color="green"
                fullWidth
                disabled={!allChecked}
                loading={signOff.isPending}
                onClick={() => signOff.mutate({ id: permit.id, areaInspected: true, noSmoke: true, noHeat: true })}
              >
                {t("fireWatch.signOff")}
              </Button>
            </>
          )}
        </Stack>
      ) : null}
    </Card>
  );
}
