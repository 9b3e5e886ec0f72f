import { useEffect, useState } from "react";
import { afterFirstScreen } from "./afterFirstScreen";

/**
 * A header popup (the account menu, the notifications panel) whose code is not part of the first
 * screen (issue #37): Mantine's Menu and Popover bring the floating-ui positioning library, ~20 KB
 * compressed, and their render work to every signed-in page's critical path, for a control nobody
 * opens in the first seconds.
 *
 * The trigger renders plainly until it is clicked; the popup's code is fetched when the pointer
 * or the focus comes to the trigger, or once the page has been idle for a while after it started,
 * so it is usually in before the click. The click then mounts the loaded popup already open.
 * Nothing is swapped before a click: a trigger replaced between a press and its release would
 * lose the click.
 */
export function usePopupOnDemand(load: () => Promise<unknown>): {
  /** Clicked at least once: render the loaded popup (in a Suspense whose fallback is the plain trigger), open at first. */
  opened: boolean;
  /** Spread on the plain trigger. */
  triggerProps: { onClick: () => void; onPointerEnter: () => void; onFocus: () => void };
} {
  const [opened, setOpened] = useState(false);
  useEffect(() => afterFirstScreen(() => void load()), [load]);
  return {
    opened,
    triggerProps: { onClick: () => setOpened(true), onPointerEnter: () => void load(), onFocus: () => void load() },
  };
}
