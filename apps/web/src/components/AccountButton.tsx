import { Avatar, UnstyledButton } from "@mantine/core";
import { avatarLetter } from "@sitesafe/domain";
import type { ComponentPropsWithoutRef, Ref } from "react";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../lib/auth";

export interface AccountMenuProps {
  user: CurrentUser;
  onLogout: () => void;
}

/** The avatar that opens the account menu: the same button before and after the menu's code is in. */
export function AccountButton({
  user,
  ref,
  ...props
}: { user: CurrentUser; ref?: Ref<HTMLButtonElement> } & ComponentPropsWithoutRef<"button">) {
  const { t } = useTranslation("common");
  return (
    <UnstyledButton
      ref={ref}
      aria-label={t("layout.accountMenu")}
      w={48}
      h={48}
      style={{ display: "grid", placeItems: "center", borderRadius: "50%" }}
      {...props}
    >
      <Avatar color="orange" radius="xl">
        {avatarLetter(user)}
      </Avatar>
    </UnstyledButton>
  );
}
