import "@mantine/notifications/styles.layer.css";
import { Notifications } from "@mantine/notifications";
import type { CSSProperties } from "react";
import { useIsMobile } from "../lib/device";
import { BOTTOM_TABS_HEIGHT, HEADER_HEIGHT } from "./headerHeight";
import classes from "./Toasts.module.css";

/**
 * The toast container, one at a time, 5 s (docs/product.md). Out of the way of what people tap:
 * on a phone at the bottom, just above the tab bar (never over the page title or the menu); on a
 * desk at the bottom right, away from the page header's action buttons (Approve, Close Permit),
 * and the page keeps room at its end so no button has to sit under a toast.
 */
export function Toasts() {
  const mobile = useIsMobile();
  const offsets = {
    "--toasts-top": `calc(${HEADER_HEIGHT}px + var(--mantine-spacing-md))`,
    "--toasts-bottom": `calc(${BOTTOM_TABS_HEIGHT}px + var(--mantine-spacing-sm) + env(safe-area-inset-bottom, 0px))`,
  } as CSSProperties;
  return (
    <Notifications
      position={mobile ? "bottom-center" : "bottom-right"}
      limit={1}
      autoClose={5000}
      classNames={{ root: classes.root }}
      style={offsets}
    />
  );
}
