import { Card, Group, Stack, Text } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

/**
 * One record in a list screen's card grid (JHA forms, incident reports): the whole card is the link
 * to the record, its title on top with the record's badge beside it, then its lines.
 */
export function RecordCard({
  to,
  testId,
  title,
  badge,
  children,
}: {
  to: string;
  testId: string;
  title: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={to}
      style={{ textDecoration: "none", color: "inherit" }}
      data-testid={testId}
    >
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={2}>
            {title}
          </Text>
          {badge}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** A card's line of facts: a small icon and one line of text, cut with an ellipsis when too long. */
export function InfoLine({
  icon: LineIcon,
  children,
  iconSize = 15,
  dimmed = true,
}: {
  icon: Icon;
  children: ReactNode;
  iconSize?: number;
  dimmed?: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap" c={dimmed ? "dimmed" : undefined}>
      <LineIcon size={iconSize} style={{ flexShrink: 0 }} />
      <Text size="sm" truncate>
        {children}
      </Text>
    </Group>
  );
}
