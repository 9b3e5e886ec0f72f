import { ActionIcon, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { ACTION_PRIORITIES, INSPECTION_ITEM_TYPES } from "@sitesafe/domain";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { moved, type TemplateDraft } from "./templateDraft";

/**
 * One checklist item in the template editor: its text, type, weight and priority, a number's
 * range and unit, a note, and whether a failure needs a photo; each field large (a gloved hand)
 * and found by its form path.
 */
export function TemplateItem({ form, section, index }: { form: UseFormReturnType<TemplateDraft>; section: number; index: number }) {
  const { t } = useTranslation("inspections");
  const items = form.values.sections[section]?.items ?? [];
  const item = items[index];
  if (!item) return null;
  const path = `sections.${section}.items.${index}`;
  const field = (name: string, options?: { type: "checkbox" }) => ({
    size: "md" as const,
    ...form.getInputProps(`${path}.${name}`, options),
    "data-path": `${path}.${name}`,
  });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="template-item">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {t("templates.item", { number: index + 1 })}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {item.key ? t("templates.key", { key: item.key }) : t("templates.newKey")}
            </Text>
          </Stack>
          <MoveRemove
            index={index}
            count={items.length}
            onMove={(by) => form.setFieldValue(`sections.${section}.items`, moved(items, index, by))}
            onRemove={() => form.removeListItem(`sections.${section}.items`, index)}
            removeLabel={t("templates.removeItem")}
          />
        </Group>
        <Textarea label={t("templates.itemText")} withAsterisk autosize minRows={1} {...field("text")} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <Select
            label={t("templates.type")}
            data={INSPECTION_ITEM_TYPES.map((type) => ({ value: type, label: t(`templates.types.${type}`) }))}
            allowDeselect={false}
            {...field("type")}
          />
          <NumberInput label={t("templates.weight")} min={0} max={10} allowDecimal={false} {...field("weight")} />
          <Select
            label={t("templates.priority")}
            data={ACTION_PRIORITIES.map((p) => ({ value: p, label: t(`labels.priority.${p}`) }))}
            allowDeselect={false}
            {...field("priority")}
          />
        </SimpleGrid>
        {item.type === "number" ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput label={t("templates.min")} {...field("min")} />
            <NumberInput label={t("templates.max")} {...field("max")} />
            <TextInput label={t("templates.unit")} {...field("unit")} />
          </SimpleGrid>
        ) : null}
        <TextInput label={t("templates.note")} {...field("note")} />
        {item.type === "text" ? null : (
          <Switch label={t("templates.photoRequired")} {...field("photoRequiredOnFail", { type: "checkbox" })} />
        )}
      </Stack>
    </Paper>
  );
}

export /** Up, down and remove for one section or item: large targets for a gloved thumb. */
function MoveRemove({
  index,
  count,
  onMove,
  onRemove,
  removeLabel,
}: {
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  removeLabel: string;
}) {
  const { t } = useTranslation("inspections");
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      <ActionIcon variant="default" size="xl" aria-label={t("templates.moveUp")} disabled={index === 0} onClick={() => onMove(-1)}>
        <IconArrowUp size={18} />
      </ActionIcon>
      <ActionIcon variant="default" size="xl" aria-label={t("templates.moveDown")} disabled={index === count - 1} onClick={() => onMove(1)}>
        <IconArrowDown size={18} />
      </ActionIcon>
      <ActionIcon variant="light" color="red" size="xl" aria-label={removeLabel} disabled={count === 1} onClick={onRemove}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
