import { Card, Group, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A card of a record or project page: an icon and a title, an optional action at the right (a
 * button or a link), then its content. The header wraps on a phone.
 */
export function TitledCard({
  icon,
  title,
  action,
  testId,
  padding = "md",
  children,
}: {
  icon: ReactNode;
  title: string;
  action?: ReactNode;
  testId?: string;
  padding?: "md" | "lg";
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding={padding} data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Group gap="xs">
          {icon}
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        {action}
      </Group>
      {children}
    </Card>
  );
}
