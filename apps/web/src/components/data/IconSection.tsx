import { Card, type CardProps, Group, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A section of a detail page: a card headed by an orange icon and a title, then its content. */
export function IconSection({
  icon,
  title,
  headerGap = "sm",
  testId,
  children,
  ...card
}: Omit<CardProps, "title"> & {
  icon: ReactNode;
  title: string;
  /** The space under the header. */
  headerGap?: "sm" | "md";
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId} {...card}>
      <Group gap="sm" mb={headerGap} wrap="nowrap">
        <ThemeIcon variant="light" color="orange" size="lg" radius="md">
          {icon}
        </ThemeIcon>
        <Title order={2} size="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}
