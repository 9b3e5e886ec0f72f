import { Badge, Button, Card, Group, Modal, Text, Title } from "@mantine/core";
import { canKeepOshaRecords } from "@sitesafe/domain";
import { IconClipboardList } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useActor } from "../../lib/auth";
import { trpc } from "../../lib/trpc";
import { ClassificationForm } from "./ClassificationForm";
import { DownloadButton } from "./downloads";
import { OutcomeBadge } from "./Log300Tab";

/** The incident's OSHA classification, for admins and managers only (workers see nothing). */
export function RecordkeepingPanel({ incidentId }: { incidentId: number }) {
  const { t } = useTranslation("osha");
  const actor = useActor();
  const keeper = canKeepOshaRecords(actor);
  const query = trpc.osha.recordkeeping.useQuery({ id: incidentId }, { enabled: keeper });
  const [editing, setEditing] = useState(false);
  if (!keeper) return null;
  const r = query.data?.recordkeeping ?? null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="recordkeeping-panel">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Group gap="xs">
          <IconClipboardList size={18} />
          <Title order={2} size="h5">
            {t("panel.title")}
          </Title>
        </Group>
        <Group gap="xs">
          {r?.recordable ? (
            <DownloadButton href={`/api/incident-reports/${incidentId}/osha-301?format=pdf`} label={t("panel.form301Pdf")} />
          ) : null}
          <Button size="sm" variant="light" onClick={() => setEditing(true)} disabled={query.isPending}>
            {r ? t("panel.edit") : t("panel.classify")}
          </Button>
        </Group>
      </Group>
      {query.isPending ? (
        <Text size="sm" c="dimmed">
          {t("panel.loading")}
        </Text>
      ) : query.isError ? (
        <Text size="sm" c="red">
          {t("panel.loadFailed")}
        </Text>
      ) : !r ? (
        <Text size="sm" c="dimmed">
          {t("panel.notClassified")}
        </Text>
      ) : !r.recordable ? (
        <Group gap="xs">
          <Badge color="gray" variant="light" radius="sm">
            {t("panel.notRecordable")}
          </Badge>
          <Text size="sm">{r.notRecordableReason ? t(`labels.notRecordableReason.${r.notRecordableReason}`) : ""}</Text>
        </Group>
      ) : (
        <Group gap="xs" wrap="wrap">
          {r.outcome ? <OutcomeBadge outcome={r.outcome} /> : null}
          {r.injuryType ? (
            <Badge variant="outline" radius="sm">
              {t(`labels.injuryType.${r.injuryType}`)}
            </Badge>
          ) : null}
          {r.privacyCase ? (
            <Badge color="grape" variant="light" radius="sm">
              {t("panel.privacyCase")}
            </Badge>
          ) : null}
          <Text size="sm">
            {t("panel.summary", { name: r.employeeName, jobTitle: r.jobTitle, daysAway: r.daysAway, daysRestricted: r.daysRestricted })}
          </Text>
        </Group>
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title={t("panel.dialogTitle")} size="xl">
        {editing ? <ClassificationForm incidentId={incidentId} initial={r} onDone={() => setEditing(false)} /> : null}
      </Modal>
    </Card>
  );
}
