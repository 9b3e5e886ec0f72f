import { Notifications } from "@mantine/notifications";

/** The toast container: top right, one at a time, 5 s (spec section 9). */
export function Toasts() {
  return <Notifications position="top-right" limit={1} autoClose={5000} />;
}
