import { Modal, type ModalProps, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { DialogActions } from "./FormActions";

/**
 * A dialog that is one small form (copy a template, raise an action, add a talk topic, a credential
 * or its type): the title, the fields in a stack, then Cancel (which closes it) and Submit.
 * `onSubmit` gets the submit event, its default already prevented. `noValidate` leaves every check
 * to the form's own rules (the browser's native bubbles never show).
 */
export function FormDialog({
  opened = true,
  title,
  size,
  centered,
  label,
  noValidate,
  onClose,
  onSubmit,
  actions,
  children,
}: {
  /** For a dialog kept mounted; one mounted only while open leaves it out. */
  opened?: boolean;
  title: string;
  size?: ModalProps["size"];
  centered?: boolean;
  /** The form's accessible name. */
  label?: string;
  noValidate?: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  actions: Omit<Parameters<typeof DialogActions>[0], "onCancel" | "onSubmit">;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered={centered}>
      <form
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(event);
        }}
        noValidate={noValidate}
      >
        <Stack gap="sm">
          {children}
          <DialogActions onCancel={onClose} {...actions} />
        </Stack>
      </form>
    </Modal>
  );
}
