import { Button, Card, Group, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

/** A titled card of a long page form (a project's details, a worker's login), with an optional hint under its title. */
export function FormSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} size="h4" mb={hint ? 4 : "md"}>
        {title}
      </Title>
      {hint ? (
        <Text size="sm" c="dimmed" mb="md">
          {hint}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}

/**
 * A form's end, at the right: Cancel (a link back to `cancelTo` on a page, `onCancel` in a dialog) and
 * Submit; Cancel waits while the form saves.
 */
export function FormButtons({
  cancelTo,
  onCancel,
  cancelLabel,
  submitLabel,
  pending,
}: {
  cancelTo?: string;
  onCancel?: () => void;
  cancelLabel: string;
  submitLabel: string;
  pending: boolean;
}) {
  return (
    <Group justify="flex-end" gap={cancelTo ? "sm" : undefined}>
      {cancelTo ? (
        <Button variant="default" component={Link} to={cancelTo} disabled={pending}>
          {cancelLabel}
        </Button>
      ) : (
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
