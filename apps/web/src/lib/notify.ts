import { notifications } from "@mantine/notifications";
import { i18n } from "./i18n";

/** Every toast's close button is named for screen readers (Mantine's has no label of its own). */
export const toastCloseButton = {
  get "aria-label"() {
    return i18n.t("common:toast.close");
  },
};

/** Toasts: success in green, failure in red ("destructive"), the product's titles and texts. */
export function notifySuccess(title: string, message?: string) {
  notifications.show({ title, message: message ?? "", color: "green", closeButtonProps: toastCloseButton });
}

export function notifyError(title: string, message?: string) {
  notifications.show({ title, message: message ?? "", color: "red", closeButtonProps: toastCloseButton });
}
