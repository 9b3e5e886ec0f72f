import { ActionIcon, Indicator } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useOutboxItems } from "./useOutbox";

/** The header's way into the Outbox; a count while items wait or were refused. */
export function OutboxButton() {
  const { t } = useTranslation("outbox");
  const items = useOutboxItems();
  const open = items?.filter((i) => i.status !== "sent").length ?? 0;
  const refused = items?.some((i) => i.status === "failed") ?? false;
  return (
    <Indicator label={open} size={16} disabled={open === 0} color={refused ? "red" : "yellow"} offset={4}>
      {/* `title`, the browser's tooltip: Mantine's brings its positioning code to every first screen (lib/onDemand.ts). */}
      <ActionIcon
        component={Link}
        to="/outbox"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={open ? t("buttonWaiting", { count: open }) : t("button")}
        title={t("button")}
      >
        <IconInbox size={20} />
      </ActionIcon>
    </Indicator>
  );
}
