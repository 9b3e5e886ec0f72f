import { Button, Group, Modal, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Every destructive action asks first, with the product's title and text. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  pendingLabel,
  color = "red",
  loading = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  pendingLabel?: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("common");
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {typeof message === "string" ? <Text size="sm">{message}</Text> : message}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {cancelLabel ?? t("actions.cancel")}
        </Button>
        <Button color={color} onClick={onConfirm} loading={loading && !pendingLabel} disabled={loading}>
          {loading && pendingLabel ? pendingLabel : (confirmLabel ?? t("actions.delete"))}
        </Button>
      </Group>
    </Modal>
  );
}
