import { Modal, type ModalProps, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { DialogActions } from "../FormActions";

/**
 * A dialog that is one small form (copy a template, raise an action, add a talk topic): the title,
 * the fields in a stack, then Cancel (which closes it) and Submit. `onSubmit` gets the submit event,
 * its default already prevented.
 */
export function FormDialog({
  title,
  size,
  label,
  onClose,
  onSubmit,
  actions,
  children,
}: {
  title: string;
  size?: ModalProps["size"];
  /** The form's accessible name. */
  label?: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  actions: Omit<Parameters<typeof DialogActions>[0], "onCancel" | "onSubmit">;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <form
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(event);
        }}
        noValidate
      >
        <Stack gap="sm">
          {children}
          <DialogActions onCancel={onClose} {...actions} />
        </Stack>
      </form>
    </Modal>
  );
}
