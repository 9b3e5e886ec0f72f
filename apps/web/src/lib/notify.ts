import { notifications } from "@mantine/notifications";

/** Toasts: success in green, failure in red ("destructive"), the spec's titles and texts. */
export function notifySuccess(title: string, message?: string) {
  notifications.show({ title, message: message ?? "", color: "green" });
}

export function notifyError(title: string, message?: string) {
  notifications.show({ title, message: message ?? "", color: "red" });
}
