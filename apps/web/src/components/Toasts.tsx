import "@mantine/notifications/styles.layer.css";
import { Notifications } from "@mantine/notifications";
import type { CSSProperties } from "react";
import { HEADER_HEIGHT } from "./headerHeight";
import classes from "./Toasts.module.css";

/** Where the top-right container starts: below the fixed header, plus Mantine's usual gap. */
const toastsTop = { "--toasts-top": `calc(${HEADER_HEIGHT}px + var(--mantine-spacing-md))` } as CSSProperties;

/**
 * The toast container: top right, one at a time, 5 s (spec section 9), opening below the fixed
 * header rather than over its account menu.
 */
export function Toasts() {
  return (
    <Notifications
      position="top-right"
      limit={1}
      autoClose={5000}
      classNames={{ root: classes.root }}
      style={toastsTop}
    />
  );
}
