import { ActionIcon, Indicator } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import type { ComponentPropsWithoutRef, Ref } from "react";
import { useTranslation } from "react-i18next";

/**
 * How often the bell asks for its count (docs/notifications.md): a count is one cheap query, and
 * polling needs no socket kept open per user through proxies and phones that sleep. The list is
 * read when the bell is opened.
 */
export const NOTIFICATION_POLL_MS = 15_000;

export interface BellProps {
  unread: number;
}

/** The bell and its count: the same button before and after the panel's code is in. */
export function BellTrigger({ unread, ref, ...props }: BellProps & { ref?: Ref<HTMLButtonElement> } & ComponentPropsWithoutRef<"button">) {
  const { t } = useTranslation("notifications");
  return (
    <Indicator label={unread > 99 ? "99+" : unread} size={16} disabled={unread === 0} color="red" offset={4}>
      <ActionIcon
        ref={ref}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={unread ? t("bellUnread", { count: unread }) : t("bell")}
        // The browser's own tooltip: Mantine's brings its positioning code to every first screen.
        title={t("bell")}
        aria-haspopup="dialog"
        data-testid="notification-bell"
        data-unread={unread}
        {...props}
      >
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}
