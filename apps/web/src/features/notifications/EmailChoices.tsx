import { Card, Stack, Switch, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";

/**
 * The profile's e-mail choices, one switch per kind of notification (docs/notifications.md). The
 * bell always shows everything; the fire watch's required kinds are shown on and cannot be changed,
 * as the server refuses it too.
 */
export function EmailChoices() {
  const { t } = useTranslation("notifications");
  return (
    <ChoicesCard title={t("choices.title")} hint={t("choices.hint")} testId="email-choices">
      <KindSwitches channel="email" requiredText={t("choices.required")} failedTitle={t("choices.saveFailed")} />
    </ChoicesCard>
  );
}

/** A card of the profile's notification choices (e-mail, push): its title and what it is for, then its switches. */
export function ChoicesCard({ title, hint, testId, children }: { title: string; hint: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" mt="md" data-testid={testId}>
      <Title order={2} size="h3" fz="lg">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {hint}
      </Text>
      {children}
    </Card>
  );
}

/**
 * One switch per kind of notification for one channel (e-mail or push), saved at once; the kinds
 * the server requires are shown on and cannot be changed.
 */
export function KindSwitches({
  channel,
  requiredText,
  failedTitle,
}: {
  channel: "email" | "push";
  requiredText: string;
  failedTitle: string;
}) {
  const { t } = useTranslation("notifications");
  const utils = trpc.useUtils();
  const choices = trpc.notifications.preferences.useQuery();
  const save = trpc.notifications.setPreference.useMutation({
    onSuccess: (updated) => utils.notifications.preferences.setData(undefined, updated),
    onError: (error) => notifyError(failedTitle, errorMessage(error)),
  });
  return (
    <Stack gap="sm">
      {(choices.data ?? []).map((choice) => (
        <Switch
          key={choice.kind}
          size="md"
          checked={choice[channel]}
          disabled={choice.required || save.isPending}
          label={t(`choices.kinds.${choice.kind}`)}
          description={choice.required ? requiredText : undefined}
          onChange={(event) => save.mutate({ kind: choice.kind, [channel]: event.currentTarget.checked })}
        />
      ))}
    </Stack>
  );
}
