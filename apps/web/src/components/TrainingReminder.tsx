import { Button, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { isStaff, TRAINING_REMINDER_MS } from "@sitesafe/domain";
import { useRouter, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useActor } from "../lib/auth";
import { useDialogOnScreen, useFormOnScreen } from "../lib/formsOnScreen";
import { i18n } from "../lib/i18n";
import { toastCloseButton } from "../lib/notify";
import { trpc } from "../lib/trpc";

const REMINDER_KEY = "sitesafe-training-reminder-shown";
/** The dashboard's training banner already says it there: no toast on top of it. */
const SAYS_IT_ALREADY = new Set(["/", "/dashboard"]);

/**
 * The required-training reminder: a 10-second toast, once per browser session, on the first page
 * a worker with unfinished training opens other than the dashboard. Never over a record form or a
 * dialog: it waits while one is on screen, and goes away when one opens, so it never covers Submit
 * (issue #37).
 */
export function TrainingReminder() {
  const actor = useActor();
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const worker = actor !== null && !isStaff(actor) && actor.workerId !== null;
  const training = trpc.dashboard.trainingCompletion.useQuery(undefined, { enabled: worker });
  const percentage = training.data?.worker?.completionPercentage;
  const elsewhere = !SAYS_IT_ALREADY.has(pathname);
  // Dialogs are watched only while there is a reminder to give or to take away.
  const dialogOnScreen = useDialogOnScreen(worker && percentage !== undefined && percentage < 100);
  const formOnScreen = useFormOnScreen() || dialogOnScreen;
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (formOnScreen && shown.current) {
      notifications.hide(shown.current);
      shown.current = null;
    }
  }, [formOnScreen]);

  useEffect(() => {
    if (!worker || !elsewhere || formOnScreen || percentage === undefined || percentage >= 100) return;
    if (sessionStorage.getItem(REMINDER_KEY)) return;
    sessionStorage.setItem(REMINDER_KEY, "1");
    const id = notifications.show({
      title: i18n.t("common:trainingReminder.title"),
      color: "orange",
      autoClose: TRAINING_REMINDER_MS,
      closeButtonProps: toastCloseButton,
      message: (
        <Stack gap={6} mt={4}>
          <Text size="sm">{i18n.t("common:trainingReminder.message", { percent: percentage })}</Text>
          <Button
            size="xs"
            color="orange"
            w="fit-content"
            onClick={() => {
              notifications.hide(id);
              void router.navigate({ to: "/training/required" as string });
            }}
          >
            {i18n.t("common:trainingReminder.action")}
          </Button>
        </Stack>
      ),
      onClose: () => {
        shown.current = null;
      },
    });
    shown.current = id;
  }, [worker, elsewhere, formOnScreen, percentage, router]);
  return null;
}
