import { Modal, Stack } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { DialogActions } from "../FormActions";

/** A dialog holding a short form: its fields, then Cancel and Submit at its end. */
export function FormDialog({
  opened,
  onClose,
  title,
  onSubmit,
  cancelLabel,
  submitLabel,
  pending,
  submitTestId,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  cancelLabel: string;
  submitLabel: string;
  pending: boolean;
  submitTestId?: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          {children}
          <DialogActions cancelLabel={cancelLabel} onCancel={onClose} submitLabel={submitLabel} loading={pending} testId={submitTestId} />
        </Stack>
      </form>
    </Modal>
  );
}
