import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertCircle, IconInbox } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export { FullPageSpinner } from "./FullPageSpinner";

/** Empty list or search: a heading, a sentence, and optionally what to do next. */
export function EmptyState({ title, message, action, icon }: { title: string; message?: ReactNode; action?: ReactNode; icon?: ReactNode }) {
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="xs" py="md">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          {icon ?? <IconInbox size={26} />}
        </ThemeIcon>
        <Title order={2} size="h4" ta="center">
          {title}
        </Title>
        {message ? (
          <Text c="dimmed" ta="center" size="sm" maw={480}>
            {message}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Card>
  );
}

/** A load error with the product's Try Again button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation("common");
  return (
    <Card withBorder padding="lg" radius="md" role="alert">
      <Stack align="center" gap="sm">
        <ThemeIcon size={40} radius="xl" variant="light" color="red">
          <IconAlertCircle size={22} />
        </ThemeIcon>
        <Text ta="center">{message}</Text>
        {onRetry ? (
          <Button variant="light" onClick={onRetry}>
            {t("actions.tryAgain")}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

export function ListSkeleton({ rows }: { rows: number }) {
  return (
    <Stack gap="sm" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Group key={i} gap="sm" wrap="nowrap">
          <Skeleton height={36} circle />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={10} width="60%" />
            <Skeleton height={8} width="40%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/** Lists of cards load with 6 placeholders (docs/product.md). */
export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder padding="lg" radius="md">
          <Skeleton height={14} width="70%" mb="sm" />
          <Skeleton height={10} mb={6} />
          <Skeleton height={10} width="80%" mb={6} />
          <Skeleton height={24} width={80} mt="sm" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
