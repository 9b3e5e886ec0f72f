import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

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
