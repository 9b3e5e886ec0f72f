import { Button, Card, NavLink, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { NEW_RECORD_SEARCH } from "../../lib/newRecordLink";
import { type DashboardLink, quickActionTiles, staffQuickActions, workerDirectActions, workerQuickActions } from "./links";
import { SectionCard } from "./SectionCard";

/** Quick Actions list: role-specific shortcuts. */
export function QuickActionsList({ staff }: { staff: boolean }) {
  const { t } = useTranslation("dashboard");
  const actions = staff ? staffQuickActions : workerQuickActions;
  return (
    <SectionCard title={t("quick.title")} testId="quick-actions">
      <Stack gap={2}>
        {actions.map((action) => (
          <NavLink
            key={action.label}
            component={Link}
            to={action.to}
            label={t(action.label)}
            description={action.description ? t(action.description) : undefined}
            leftSection={
              <ThemeIcon variant="light" color={action.color} radius="md" size={32}>
                <action.icon size={18} />
              </ThemeIcon>
            }
            rightSection={<IconChevronRight size={16} />}
            style={{ borderRadius: 8 }}
          />
        ))}
      </Stack>
    </SectionCard>
  );
}

function Tile({ tile }: { tile: DashboardLink }) {
  const { t } = useTranslation("dashboard");
  return (
    <UnstyledButton component={Link} to={tile.to} aria-label={t(tile.label)}>
      <Card withBorder radius="md" padding="sm" h="100%" style={{ textAlign: "center" }}>
        <Stack align="center" gap={6}>
          <ThemeIcon variant="light" color={tile.color} radius="xl" size={40}>
            <tile.icon size={20} />
          </ThemeIcon>
          <Text size="sm" fw={600} lh={1.2}>
            {t(tile.label)}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/** Quick Actions tiles; Safety Plans only for admins and managers. */
export function QuickActionTiles({ staff }: { staff: boolean }) {
  const tiles = quickActionTiles(staff);
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: tiles.length }} spacing={{ base: "xs", sm: "md" }} data-testid="quick-action-tiles">
      {tiles.map((tile) => (
        <Tile key={tile.label} tile={tile} />
      ))}
    </SimpleGrid>
  );
}

/** The worker's three actions, each opening a new form: big buttons a thumb reaches. */
export function WorkerActions() {
  const { t } = useTranslation("dashboard");
  return (
    <SectionCard title={t("quick.title")} testId="quick-actions">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        {workerDirectActions.map((action) => (
          <Button
            key={action.label}
            component={Link}
            to={action.to}
            search={NEW_RECORD_SEARCH}
            size="md"
            variant="light"
            color={action.color}
            justify="flex-start"
            leftSection={<action.icon size={22} />}
          >
            {t(action.label)}
          </Button>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
