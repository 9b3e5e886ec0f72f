import { Box, Menu, Text } from "@mantine/core";
import { displayName } from "@sitesafe/domain";
import { IconKey, IconLanguage, IconLogout, IconUser } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { applyLanguage, currentLanguage, supportedLanguages } from "../lib/i18n";
import { useSaveLanguage } from "../lib/i18n/useUserLanguage";
import { AccountButton, type AccountMenuProps } from "./AccountButton";

/**
 * The header's account menu: who is signed in, profile, password, logout and language. Loaded on
 * demand (lib/onDemand.ts); AccountButton.tsx alone is its trigger until the first click.
 */
export function AccountMenu({ user, onLogout }: AccountMenuProps) {
  const { t } = useTranslation("common");
  const saveLanguage = useSaveLanguage();
  return (
    // Mounted by the first click on the plain trigger (AccountMenuButton.tsx), so it opens at once.
    <Menu position="bottom-end" width={240} withinPortal defaultOpened>
      <Menu.Target>
        <AccountButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={6}>
          <Text fw={600} size="sm" truncate>
            {displayName(user)}
          </Text>
          <Text c="dimmed" size="xs" truncate>
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          {t("layout.profile")}
        </Menu.Item>
        <Menu.Item component={Link} to="/account/password" leftSection={<IconKey size={16} />}>
          {t("layout.changePassword")}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t("layout.logout")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t("language.label")}</Menu.Label>
        {supportedLanguages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            leftSection={<IconLanguage size={16} />}
            aria-current={language === currentLanguage() ? "true" : undefined}
            fw={language === currentLanguage() ? 700 : undefined}
            onClick={() => {
              if (language === currentLanguage()) return;
              void applyLanguage(language).then(() => saveLanguage(language));
            }}
          >
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
