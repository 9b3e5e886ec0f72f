import { Anchor, Card, Group, Text, Title } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A dashboard panel: a title, an optional "View all"-style link, and its content. */
export function SectionCard({
  title,
  link,
  children,
  testId,
}: {
  title: string;
  link?: { label: string; to: string };
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" mb="sm" gap={4} wrap="wrap">
        <Title order={2} size="h4" fz={{ base: 16, sm: 18 }} style={{ flex: "1 1 auto", minWidth: "max-content" }}>
          {title}
        </Title>
        {link ? (
          <Anchor
            component={Link}
            to={link.to}
            size="sm"
            fw={500}
            style={{ display: "inline-flex", alignItems: "center", gap: 2, whiteSpace: "nowrap" }}
          >
            {link.label}
            <IconChevronRight size={14} />
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}

export function LoadFailed() {
  const { t } = useTranslation("dashboard");
  return (
    <Text size="sm" c="red" ta="center" py="md" role="alert">
      {t("loadFailed")}
    </Text>
  );
}
