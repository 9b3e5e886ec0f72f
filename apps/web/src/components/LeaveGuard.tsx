import { useBlocker } from "@tanstack/react-router";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "./ConfirmDialog";

/**
 * Leaving a changed form asks first: a link or the back gesture (the router's blocker), a reload
 * or closing the tab (the browser's own beforeunload question), and Cancel, Escape or closing a
 * dialog (through `confirmLeave`). A submit calls `release()` so the form may go to the saved
 * record, and `hold()` when it failed.
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation("common");
  const released = useRef(false);
  const guarded = () => dirty && !released.current;
  const blocker = useBlocker({ shouldBlockFn: guarded, enableBeforeUnload: guarded, withResolver: true });
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);

  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (dirty && !released.current) setPendingLeave(() => leave);
      else leave();
    },
    [dirty],
  );
  const release = useCallback(() => {
    released.current = true;
  }, []);
  /** After a failed submit: guard the form again. */
  const hold = useCallback(() => {
    released.current = false;
  }, []);

  const blocked = blocker.status === "blocked";
  const stay = () => {
    if (blocked) blocker.reset();
    setPendingLeave(null);
  };
  const leave = () => {
    if (blocked) {
      blocker.proceed();
      return;
    }
    const go = pendingLeave;
    setPendingLeave(null);
    go?.();
  };

  const dialog = (
    <ConfirmDialog
      opened={blocked || pendingLeave !== null}
      title={t("leave.title")}
      message={t("leave.message")}
      confirmLabel={t("leave.confirm")}
      cancelLabel={t("leave.stay")}
      onConfirm={leave}
      onClose={stay}
    />
  );
  return { confirmLeave, release, hold, dialog };
}
