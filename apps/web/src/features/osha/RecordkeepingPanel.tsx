import { canKeepOshaRecords, injuryTypeLabels, notRecordableReasonLabels } from "@sitesafe/domain";
import { Badge, Button, Card, Group, Modal, Text, Title } from "@mantine/core";
import { IconClipboardList } from "@tabler/icons-react";
import { useState } from "react";
import { useActor } from "../../lib/auth";
import { trpc } from "../../lib/trpc";
import { ClassificationForm } from "./ClassificationForm";
import { DownloadButton } from "./downloads";
import { OutcomeBadge } from "./Log300Tab";

/** The incident's OSHA classification, for admins and managers only (workers see nothing). */
export function RecordkeepingPanel({ incidentId }: { incidentId: number }) {
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
            Recordkeeping
          </Title>
        </Group>
        <Group gap="xs">
          {r?.recordable ? <DownloadButton href={`/api/incident-reports/${incidentId}/osha-301?format=pdf`} label="Form 301 PDF" /> : null}
          <Button size="sm" variant="light" onClick={() => setEditing(true)} disabled={query.isPending}>
            {r ? "Edit classification" : "Classify"}
          </Button>
        </Group>
      </Group>
      {query.isPending ? (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      ) : query.isError ? (
        <Text size="sm" c="red">
          Could not load the classification.
        </Text>
      ) : !r ? (
        <Text size="sm" c="dimmed">
          Not classified yet: decide whether this incident is an OSHA recordable case (29 CFR 1904).
        </Text>
      ) : !r.recordable ? (
        <Group gap="xs">
          <Badge color="gray" variant="light" radius="sm">
            Not recordable
          </Badge>
          <Text size="sm">{r.notRecordableReason ? notRecordableReasonLabels[r.notRecordableReason] : ""}</Text>
        </Group>
      ) : (
        <Group gap="xs" wrap="wrap">
          {r.outcome ? <OutcomeBadge outcome={r.outcome} /> : null}
          {r.injuryType ? <Badge variant="outline" radius="sm">{injuryTypeLabels[r.injuryType]}</Badge> : null}
          {r.privacyCase ? <Badge color="grape" variant="light" radius="sm">Privacy case</Badge> : null}
          <Text size="sm">
            {r.employeeName} · {r.jobTitle} · {r.daysAway} days away · {r.daysRestricted} days restricted
          </Text>
        </Group>
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title="Recordkeeping classification" size="xl">
        {editing ? <ClassificationForm incidentId={incidentId} initial={r} onDone={() => setEditing(false)} /> : null}
      </Modal>
    </Card>
  );
}
