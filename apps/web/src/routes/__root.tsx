import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { createRootRoute, Link, Outlet } from "@tanstack/react-router";

export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFound,
});

/** Unknown paths (docs/product.md). */
function NotFound() {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">404 Page Not Found</Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
        <Button component={Link} to="/" variant="light">
          Go to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
