import { Anchor, Badge, Button, Card, Group, Modal, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { can, formatFileSize } from "@sitesafe/domain";
import { IconDownload, IconTrash, IconUpload } from "@tabler/icons-react";
import { Link, Navigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CardHeading } from "../../components/data/CardHeading";
import { type DataColumn, DataTable } from "../../components/data/DataTable";
import { QueryStates } from "../../components/data/QueryStates";
import { PageHeader } from "../../components/PageHeader";
import { SearchBox } from "../../components/SearchBox";
import { EmptyState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { useIsMobile } from "../../lib/device";
import { formatDate } from "../../lib/format";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { ProjectStatusBadge } from "./ProjectStatusBadge";
import { SafetyPlanUploader, useDeletePlan } from "./SafetyPlan";
import { safetyPlanDownloadUrl } from "./uploadSafetyPlan";

type Row = RouterOutputs["projects"]["safetyPlans"][number];

function PlanStatus({ row }: { row: Row }) {
  const { t } = useTranslation("projects");
  return row.plan ? (
    <Badge miw="max-content" color="green" variant="light">
      {t("plans.uploaded")}
    </Badge>
  ) : (
    <Badge miw="max-content" color="red" variant="light">
      {t("plans.none")}
    </Badge>
  );
}

function PlanActions({ row, onUpload, onDelete }: { row: Row; onUpload: () => void; onDelete: () => void }) {
  const { t } = useTranslation("projects");
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconUpload size={14} />}
        onClick={onUpload}
        aria-label={t("plans.uploadFor", { name: row.name })}
      >
        {row.plan ? t("plans.replace") : t("plans.upload")}
      </Button>
      {row.plan ? (
        <>
          <Button
            size="xs"
            variant="subtle"
            component="a"
            href={safetyPlanDownloadUrl(row.id)}
            download={row.plan.fileName}
            leftSection={<IconDownload size={14} />}
          >
            {t("plan.download")}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
            aria-label={t("plans.deleteFor", { name: row.name })}
          >
            {t("plan.delete")}
          </Button>
        </>
      ) : null}
    </Group>
  );
}

/** /safety/plans (staff): every project's safety plan, uploaded, downloaded and deleted from one place. */
export function SafetyPlansPage() {
  const { t } = useTranslation("projects");
  const actor = useActor();
  const _isMobile = useIsMobile();
  const allowed = can(actor, "safetyPlan.upload");
  const list = trpc.projects.safetyPlans.useQuery(undefined, { enabled: allowed });
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim().toLowerCase(), 150);
  const [uploading, setUploading] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const remove = useDeletePlan(deleting?.id ?? 0, () => setDeleting(null));
  const rows = useMemo(
    () =>
      (list.data ?? []).filter(
        (r) => !debounced || r.name.toLowerCase().includes(debounced) || r.location.toLowerCase().includes(debounced),
      ),
    [list.data, debounced],
  );
  if (!allowed) return <Navigate to="/" replace />;
  const withPlan = (list.data ?? []).filter((r) => r.plan).length;

  const planCard = (row: Row) => (
    <Card withBorder padding="sm" radius="md" data-testid="plan-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" mb={4}>
        <CardHeading name={row.name} to={`/projects/${row.id}`} summary={row.location} />
        <PlanStatus row={row} />
      </Group>
      {row.plan ? (
        <Text size="xs" c="dimmed" mb={6} style={{ wordBreak: "break-word" }}>
          {row.plan.fileName} · {formatFileSize(row.plan.fileSize)} · {formatDate(row.plan.uploadedAt)}
        </Text>
      ) : null}
      <PlanActions row={row} onUpload={() => setUploading(row)} onDelete={() => setDeleting(row)} />
    </Card>
  );
  const columns: DataColumn<Row>[] = [
    {
      header: t("plans.project"),
      cell: (row) => (
        <>
          <Anchor component={Link} to={`/projects/${row.id}`} fw={600} size="sm">
            {row.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.location}
          </Text>
        </>
      ),
    },
    { header: t("plans.status"), cell: (row) => <ProjectStatusBadge status={row.status} /> },
    {
      header: t("plans.plan"),
      cell: (row) =>
        row.plan ? (
          <>
            <Text size="sm" style={{ wordBreak: "break-word" }}>
              {row.plan.fileName}
            </Text>
            <Text size="xs" c="dimmed">
              {formatFileSize(row.plan.fileSize)}
            </Text>
          </>
        ) : (
          <PlanStatus row={row} />
        ),
    },
    {
      header: t("plans.uploadedColumn"),
      cell: (row) =>
        row.plan ? (
          <>
            <Text size="sm">{formatDate(row.plan.uploadedAt)}</Text>
            {row.plan.uploadedByName ? (
              <Text size="xs" c="dimmed">
                {row.plan.uploadedByName}
              </Text>
            ) : null}
          </>
        ) : (
          "—"
        ),
    },
    { cell: (row) => <PlanActions row={row} onUpload={() => setUploading(row)} onDelete={() => setDeleting(row)} /> },
  ];

  return (
    <>
      <PageHeader
        title={t("plans.title")}
        subtitle={list.data ? t("plans.count", { withPlan, total: list.data.length }) : t("plans.subtitle")}
      />
      <SearchBox label={t("searchLabel")} placeholder={t("plans.search")} value={search} onSearch={setSearch} mb="md" maw={420} />
      <QueryStates
        query={list}
        rows={6}
        failed={t("loadFailed")}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState title={debounced ? t("noneFound") : t("none")} message={debounced ? undefined : t("staffEmpty")} />}
      >
        {() => <DataTable minWidth={820} rows={rows} rowTestId="plan-row" columns={columns} card={planCard} />}
      </QueryStates>
      <Modal
        opened={uploading !== null}
        onClose={() => setUploading(null)}
        title={uploading ? t("plans.modalTitle", { name: uploading.name }) : ""}
        centered
      >
        {uploading ? (
          <SafetyPlanUploader projectId={uploading.id} replacing={Boolean(uploading.plan)} onDone={() => setUploading(null)} />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("plan.deleteTitle")}
        message={deleting ? t("plans.deleteMessage", { name: deleting.name }) : ""}
        confirmLabel={t("plan.delete")}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
