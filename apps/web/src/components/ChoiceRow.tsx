import { Checkbox, Group, Radio, Text } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./ChoiceRow.module.css";

/**
 * Checkbox and radio choices as full-width rows: the whole row toggles and is at least 48 px
 * tall, so a gloved thumb hits it on a phone (the bare control is 20 px).
 */
export function CheckboxRow({
  checked,
  onChange,
  label,
  description,
  disabled,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Checkbox.Card
      className={classes.row}
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      data-checked={checked || undefined}
      data-testid={testId}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox.Indicator className={classes.indicator} disabled={disabled} />
        <div>
          <Text size="sm">{label}</Text>
          {description ? (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
      </Group>
    </Checkbox.Card>
  );
}

/** One option of a Radio.Group as a full-width row (value as in Radio.Group). */
export function RadioRow({
  value,
  label,
  disabled,
  trailing,
  result,
}: {
  value: string;
  label: ReactNode;
  disabled?: boolean;
  /** An icon after the label, e.g. right or wrong once graded. */
  trailing?: ReactNode;
  result?: "correct" | "wrong" | undefined;
}) {
  return (
    <Radio.Card className={classes.row} value={value} disabled={disabled} data-result={result}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator className={classes.indicator} disabled={disabled} />
        <Text size="sm" style={{ flex: 1 }}>
          {label}
        </Text>
        {trailing}
      </Group>
    </Radio.Card>
  );
}
