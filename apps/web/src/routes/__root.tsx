import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { createRootRoute, Link, Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFound,
});

/** Unknown paths (docs/product.md). */
function NotFound() {
  const { t } = useTranslation("common");
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {t("notFound.title")}
        </Title>
        <Text c="dimmed">{t("notFound.message")}</Text>
        <Button component={Link} to="/" variant="light">
          {t("notFound.goToDashboard")}
        </Button>
      </Stack>
    </Center>
  );
}
