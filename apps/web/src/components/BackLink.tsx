import { Anchor, Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { errorMessage } from "../lib/trpc";
import { ErrorState, FullPageSpinner } from "./States";

/** The quiet "back to the list" link above a detail or form screen. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button component={Link} to={to} variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0} mb="sm">
      {label}
    </Button>
  );
}

/**
 * A record the user cannot open (not found, not theirs, failed to load), as a whole screen: the
 * back link, an icon, what happened, and the way back to the list.
 */
export function RecordProblem({
  to,
  backLabel,
  title,
  message,
  color,
  icon,
}: {
  to: string;
  backLabel: string;
  title: string;
  message: string;
  color: string;
  icon: ReactNode;
}) {
  return (
    <>
      <BackLink to={to} label={backLabel} />
      <Center py="xl">
        <Stack align="center" gap="sm" maw={520} role="alert">
          <ThemeIcon size={56} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          <Text c="dimmed" ta="center">
            {message}
          </Text>
          <Button component={Link} to={to} variant="light">
            {backLabel}
          </Button>
        </Stack>
      </Center>
    </>
  );
}

/** The small "back" link above a record opened from a list (talks, inspections). */
export function BackAnchor({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" mb="sm" display="inline-flex" style={{ alignItems: "center", gap: 4 }}>
      <IconArrowLeft size={14} /> {label}
    </Anchor>
  );
}

/**
 * A detail screen whose record is still loading (a spinner) or failed to load (the back link over
 * the error, with a retry). Render it while `query.isPending || query.error`.
 */
export function DetailFallback({
  query,
  back,
  failed,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  back: ReactNode;
  failed: string;
}) {
  if (query.isPending) return <FullPageSpinner />;
  return (
    <>
      {back}
      <ErrorState message={errorMessage(query.error, failed)} onRetry={() => void query.refetch()} />
    </>
  );
}
