import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** Every page shows a title and subtitle on top (product rule: App shell). */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm" wrap="wrap">
      <Stack gap={2} style={{ minWidth: 0, flex: "1 1 240px" }}>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
