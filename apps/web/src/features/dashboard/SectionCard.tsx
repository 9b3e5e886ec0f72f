import { Anchor, Card, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListSkeleton } from "../../components/States";

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

/** What a dashboard panel with a list is given: the items once loaded, and whether they are loading or failed. */
export interface PanelProps<T> {
  items: readonly T[] | undefined;
  loading: boolean;
  error?: boolean;
}

/** A panel's props from its query: the items once loaded, and whether they are loading or failed. */
export function panelProps<T>(query: { data: readonly T[] | undefined; isPending: boolean; isError: boolean }): PanelProps<T> {
  return { items: query.data, loading: query.isPending, error: query.isError };
}

/** A dashboard's two columns under its figures: the main panels, and the narrower side panels (stacked on a phone). */
export function DashboardColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">{main}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">{side}</Stack>
      </Grid.Col>
    </Grid>
  );
}

/** A dashboard panel's list: a skeleton while it loads, the failure, `none` in dimmed text when empty, else `children`. */
export function PanelList<T>({
  items,
  loading,
  error = false,
  rows,
  none,
  children,
}: PanelProps<T> & { rows: number; none: string; children: (items: readonly T[]) => ReactNode }) {
  if (loading) return <ListSkeleton rows={rows} />;
  if (error) return <LoadFailed />;
  if (!items || items.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        {none}
      </Text>
    );
  }
  return children(items);
}
