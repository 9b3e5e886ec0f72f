import { Alert, Badge, Button, Card, Collapse, Group, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { Guideline, ModuleSection } from "@sitesafe/domain";
import { IconAlertCircle, IconChevronDown, IconChevronUp, IconClock, IconDownload, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TrainingModule } from "./hooks";

/** A section's paragraph and its key points. */
export function SectionBody({ section }: { section: ModuleSection }) {
  return (
    <Stack gap="xs">
      <Text size="sm" style={{ whiteSpace: "pre-line" }}>
        {section.content}
      </Text>
      {section.points?.length ? (
        <List size="sm" spacing={4} withPadding>
          {section.points.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

export function GuidelineCard({ guideline }: { guideline: Guideline }) {
  const { t } = useTranslation("training");
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="orange">
            {guideline.category}
          </Badge>
          <Badge variant="outline" color="gray">
            {guideline.oshaStandard}
          </Badge>
        </Group>
        <Text fw={600}>{guideline.title}</Text>
        <Text size="sm">{guideline.description}</Text>
        {guideline.keyPoints.length ? (
          <List size="sm" spacing={4} withPadding>
            {guideline.keyPoints.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        ) : null}
        {guideline.resourceLink ? (
          <Button
            component="a"
            href={guideline.resourceLink}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            size="xs"
            w="fit-content"
            leftSection={<IconDownload size={14} />}
          >
            {t("parts.download")}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** OSHA guidelines that can be shown or hidden. */
export function GuidelinesPanel({ guidelines }: { guidelines: readonly Guideline[] }) {
  const { t } = useTranslation("training");
  const [shown, setShown] = useState(false);
  if (!guidelines.length) return null;
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" color="orange">
            <IconShieldCheck size={18} />
          </ThemeIcon>
          <Title order={2} size="h5">
            {t("parts.guidelines")}
          </Title>
        </Group>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => setShown((s) => !s)}
          rightSection={shown ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          aria-expanded={shown}
        >
          {shown ? t("parts.hide") : t("parts.show")}
        </Button>
      </Group>
      <Collapse expanded={shown}>
        <Stack gap="sm" mt="sm">
          {guidelines.map((g) => (
            <GuidelineCard key={g.title} guideline={g} />
          ))}
        </Stack>
      </Collapse>
    </Card>
  );
}

/** A module's type and length, under its title: an outlined type badge and "N minutes" with a clock. */
export function ModuleFacts({ module, size }: { module: TrainingModule; size: "sm" | "xs" }) {
  const { t } = useTranslation("training");
  return (
    <Group gap="xs">
      <Badge variant="outline" color="orange">
        {t(`labels.type.${module.type}`)}
      </Badge>
      <Group gap={4}>
        <IconClock size={14} />
        <Text size={size} c="dimmed">
          {t("module.minutes", { count: module.duration })}
        </Text>
      </Group>
    </Group>
  );
}

/** Said on a module's page to a user without a worker profile: their progress cannot be recorded. */
export function NoProfileAlert() {
  const { t } = useTranslation("training");
  return (
    <Alert color="yellow" icon={<IconAlertCircle size={18} />} title={t("module.noProfileTitle")}>
      {t("module.noProfile")}
    </Alert>
  );
}
