import { notifications } from "@mantine/notifications";

/** Every toast's close button is named for screen readers (Mantine's has no label of its own). */
export const toastCloseButton = { "aria-label": "Close notification" };

/** Toasts: success in green, failure in red ("destructive"), the spec's titles and texts. */
export function notifySuccess(title: string, message?: string) {
  notifications.show({ title, message: message ?? "", color: "green", closeButtonProps: toastCloseButton });
}

export function notifyError(title: string, message?: string) {
  notifications.show({ title, message: message ?? "", color: "red", closeButtonProps: toastCloseButton });
}
