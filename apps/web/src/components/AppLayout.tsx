import {
  ActionIcon,
  AppShell,
  Avatar,
  Box,
  Burger,
  Button,
  Group,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
  useMantineColorScheme,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { displayName, initials, roleLabel } from "@sitesafe/domain";
import { IconDeviceDesktop, IconLogout, IconMoon, IconSun } from "@tabler/icons-react";
import { Link, useRouterState } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { NotificationBell } from "../features/notifications/NotificationBell";
import { forgetSignedInUser } from "../features/offline/queryCache";
import { OutboxButton } from "../features/outbox/OutboxButton";
import { UploadIndicator } from "../features/photos/UploadIndicator";
import { navigateFully, useActor, useCurrentUser } from "../lib/auth";
import { useIsMobile } from "../lib/device";
import { clearDraftsOf } from "../lib/formDraft";
import { bottomTabsFor, isActive, navFor } from "../lib/nav";
import { notifyError, notifySuccess } from "../lib/notify";
import { errorMessage, trpc } from "../lib/trpc";
import { AccountMenuOnDemand } from "./AccountMenuButton";
import { HEADER_HEIGHT } from "./headerHeight";
import { TrainingReminder } from "./TrainingReminder";

const PRODUCT_NAME = "SiteSafe";

function useLogout() {
  const { t } = useTranslation("common");
  const userId = useCurrentUser()?.id;
  const logout = trpc.auth.logout.useMutation({
    onSuccess: () => {
      // Unsent form drafts belong to this person; the next one on this device must not see them.
      clearDraftsOf(userId);
      notifySuccess(t("layout.loggedOut"), t("layout.loggedOutMessage"));
      // A shared phone must not show this user's saved data to the next one.
      void forgetSignedInUser().finally(() => navigateFully("/auth"));
    },
    onError: (error) => notifyError(t("layout.logoutFailed"), errorMessage(error)),
  });
  return logout;
}

/** Light, dark or system; kept in the browser by Mantine's colour scheme manager. */
function ThemeToggle() {
  const { t } = useTranslation("common");
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const next = colorScheme === "light" ? "dark" : colorScheme === "dark" ? "auto" : "light";
  const label = t(`layout.theme.${colorScheme === "light" ? "light" : colorScheme === "dark" ? "dark" : "system"}`);
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t("layout.theme.current", { label })}
      // The browser's own tooltip: Mantine's would bring its positioning code to every first screen.
      title={t("layout.theme.switch", { label })}
      data-theme={colorScheme}
      onClick={() => setColorScheme(next)}
    >
      {colorScheme === "light" ? <IconSun size={20} /> : colorScheme === "dark" ? <IconMoon size={20} /> : <IconDeviceDesktop size={20} />}
    </ActionIcon>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  const user = useCurrentUser();
  const actor = useActor();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuMade, setMenuMade] = useState(false);
  if (opened && !menuMade) setMenuMade(true);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const isMobile = useIsMobile();
  // The bottom tab bar shows below the large breakpoint only; above it no space is kept for it.
  const isLarge = useMediaQuery("(min-width: 75em)", typeof window !== "undefined" && window.innerWidth >= 1200);
  const logout = useLogout();
  if (!user) return null;
  const entries = navFor(user.role, actor);
  const name = displayName(user);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !opened, desktop: isMobile } }}
      footer={{ height: 64, collapsed: Boolean(isLarge) }}
      padding={{ base: "sm", sm: "lg" }}
    >
      <AppShell.Header style={{ position: "fixed" }}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom={isMobile ? undefined : "sm"}
              size="sm"
              aria-label={t("layout.toggleMenu")}
            />
            <Text component={Link} to="/" fw={800} fz="lg" c="var(--sitesafe-brand-text)" style={{ textDecoration: "none" }}>
              {PRODUCT_NAME}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell />
            <OutboxButton />
            <ThemeToggle />
            <AccountMenuOnDemand user={user} onLogout={() => logout.mutate()} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        {/* On a phone the menu is a drawer: its ~140 elements are made when it first opens, not on
            every page's first render (issue #37), and then kept, so it never slides away empty. */}
        {menuMade || !isMobile ? (
          <>
            {/* The page's own scrolling, not Mantine's ScrollArea: the build put that in one chunk with
                the floating-ui code of menus and popovers, which then came with every first screen. */}
            <AppShell.Section grow style={{ overflowY: "auto", overscrollBehavior: "contain" }}>
              <Stack gap={2}>
                {entries.map((entry) => (
                  <NavLink
                    key={entry.to}
                    component={Link}
                    to={entry.to}
                    label={t(entry.labelKey)}
                    leftSection={<entry.icon size={18} stroke={1.6} />}
                    active={isActive(entry, pathname)}
                    color="orange"
                    variant="light"
                    onClick={close}
                    style={{ borderRadius: 8 }}
                  />
                ))}
              </Stack>
            </AppShell.Section>
            <AppShell.Section pt="sm" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
              <Group gap="sm" wrap="nowrap" mb="sm">
                <Avatar color="orange" radius="xl">
                  {initials(user)}
                </Avatar>
                <Box style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`labels.role.${user.role}`, { defaultValue: roleLabel(user.role) })}
                  </Text>
                </Box>
              </Group>
              <Button
                fullWidth
                variant="light"
                color="red"
                leftSection={<IconLogout size={16} />}
                onClick={() => logout.mutate()}
                loading={logout.isPending}
              >
                {t("layout.logout")}
              </Button>
            </AppShell.Section>
          </>
        ) : null}
      </AppShell.Navbar>

      <TrainingReminder />
      {/* Room at the end of every page, so its last buttons can scroll clear of a toast. */}
      <AppShell.Main pb={isMobile ? 90 : 120}>
        <Box maw={1280} mx="auto">
          {children}
        </Box>
        <UploadIndicator />
      </AppShell.Main>

      <AppShell.Footer hiddenFrom="lg" p={0}>
        <Group h="100%" grow gap={0} wrap="nowrap">
          {bottomTabsFor(user.role).map((tab) => {
            const active = isActive(tab, pathname);
            return (
              <UnstyledButton
                key={tab.to}
                component={Link}
                to={tab.to}
                aria-current={active ? "page" : undefined}
                style={{
                  display: "flex",
                  flexDirection: "column",
                  alignItems: "center",
                  justifyContent: "center",
                  height: "100%",
                  minHeight: 48,
                }}
                c={active ? "var(--sitesafe-brand-text)" : "dimmed"}
              >
                <tab.icon size={22} stroke={active ? 2.2 : 1.6} />
                <Text size="xs" fw={active ? 700 : 500} c="inherit" style={{ whiteSpace: "nowrap" }} data-testid="tab-label">
                  {t(tab.labelKey)}
                </Text>
              </UnstyledButton>
            );
          })}
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
