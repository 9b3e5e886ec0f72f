import { Button, type ButtonProps, Group, type GroupProps } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A record form's Cancel: a quiet link-style button at the top of the form, far from Submit, so a
 * thumb aiming at Submit never lands on it (issue #37; docs/field-grade-screens.md).
 */
export function FormCancel({ onClick, disabled, children }: { onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Group justify="flex-end" mt={-8} mb={-4}>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconX size={16} />}
        onClick={onClick}
        disabled={disabled}
        data-testid="form-cancel"
      >
        {children}
      </Button>
    </Group>
  );
}

/** A record form's Submit, alone at the end of the form: full width on a phone, at the right on a desk. */
export function FormSubmit({
  children,
  ...props
}: ButtonProps & { children: ReactNode; type?: "submit" | "button"; onClick?: () => void }) {
  return (
    <Group justify="flex-end" data-testid="form-actions">
      <Button type="submit" w={{ base: "100%", sm: "auto" }} {...props}>
        {children}
      </Button>
    </Group>
  );
}

/**
 * A dialog's quiet Cancel and its Submit, at the dialog's end. Submit submits the dialog's form,
 * or runs `onSubmit` in a dialog without one; `holdCancel` keeps Cancel disabled while it saves.
 */
export function DialogActions({
  cancelLabel,
  onCancel,
  submitLabel,
  onSubmit,
  loading,
  holdCancel = false,
  color,
  testId,
  size,
  mt,
}: {
  /** Default: the common "Cancel". */
  cancelLabel?: string;
  onCancel: () => void;
  submitLabel: string;
  onSubmit?: () => void;
  loading?: boolean;
  holdCancel?: boolean;
  color?: ButtonProps["color"];
  testId?: string;
  size?: ButtonProps["size"];
  mt?: GroupProps["mt"];
}) {
  const { t } = useTranslation("common");
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" size={size} onClick={onCancel} disabled={holdCancel && loading}>
        {cancelLabel ?? t("actions.cancel")}
      </Button>
      <Button type={onSubmit ? "button" : "submit"} size={size} color={color} loading={loading} onClick={onSubmit} data-testid={testId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
