import { Notifications } from "@mantine/notifications";
import { HEADER_HEIGHT } from "./headerHeight";

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
      styles={{ root: { top: `calc(${HEADER_HEIGHT}px + var(--mantine-spacing-md))` } }}
    />
  );
}
