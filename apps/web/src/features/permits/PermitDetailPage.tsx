import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  ThemeIcon,
  Timeline,
  Title,
} from "@mantine/core";
import {
  decidePermitAction,
  HOT_WORK_PRECAUTIONS,
  hasApprovalGaps,
  type PermitAction,
  type PermitApprovalGaps,
  permitApprovalGaps,
} from "@sitesafe/domain";
import {
  IconArrowLeft,
  IconCalendarEvent,
  IconCheck,
  IconCircleCheck,
  IconCircleX,
  IconEdit,
  IconEye,
  IconFlame,
  IconLock,
  IconMapPin,
  IconTrash,
  IconUser,
  IconX,
} from "@tabler/icons-react";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { BackAnchor } from "../../components/BackLink";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DialogActions } from "../../components/FormActions";
import { PageHeader } from "../../components/PageHeader";
import { IconButton } from "../../components/record/IconButton";
import { StatusSubtitle } from "../../components/record/RecordDetail";
import { EmptyState, ErrorState, FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, errorStatus, invalidateLists, type RouterOutputs, trpc } from "../../lib/trpc";
import { FireWatchCard } from "../notifications/FireWatchCard";
import { CrewSignOn } from "../signOn/CrewSignOn";
import { SignedOnWarning } from "../signOn/SignedOnWarning";
import { PermitSignOnSummary } from "../signOn/Summaries";
import { PERMIT_REDIRECT_MS } from "./PermitListPage";
import { PermitStatusBadge } from "./PermitStatusBadge";
import { usePermitLabels } from "./permitLabels";

type PermitDetail = RouterOutputs["permits"]["byId"];

/** A well-formed id from the URL, or null (which shows "Permit Not Found"). */
export function permitIdFromParam(param: string): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

export function PermitNotFound() {
  const { t } = useTranslation("permits");
  const back = (
    <Button component={Link} to="/forms/hot-work-permits" variant="light" leftSection={<IconArrowLeft size={16} />}>
      {t("detail.backToList")}
    </Button>
  );
  return <EmptyState title={t("detail.notFoundTitle")} message={t("detail.notFoundMessage")} action={back} />;
}

/** /forms/hot-work-permits/:id */
export function PermitDetailPage({ idParam }: { idParam: string }) {
  const { t } = useTranslation("permits");
  const id = permitIdFromParam(idParam);
  const query = trpc.permits.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  if (id === null) return <PermitNotFound />;
  if (query.isPending) return <FullPageSpinner />;
  if (query.isError) {
    const status = errorStatus(query.error);
    if (status === 403 || status === 404 || status === 400) return <PermitNotFound />;
    return <ErrorState message={errorMessage(query.error, t("detail.loadFailed"))} onRetry={() => void query.refetch()} />;
  }
  return <PermitDetailView permit={query.data} />;
}

const STEP_DONE = { approve: "approved", reject: "rejected", close: "closed" } as const;

function PermitDetailView({ permit }: { permit: PermitDetail }) {
  const { t } = useTranslation("permits");
  const labels = usePermitLabels();
  const actor = useActor();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const refreshLists = () => invalidateLists(utils.permits);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [closeOpen, setCloseOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [approveOpen, setApproveOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [closingNotes, setClosingNotes] = useState("");

  const facts = { status: permit.status, projectId: permit.projectId, requestedBy: permit.requestedBy };
  const can = (action: PermitAction) => actor !== null && decidePermitAction(actor, action, facts).allowed;

  const refresh = async (updated: PermitDetail) => {
    utils.permits.byId.setData({ id: permit.id }, updated);
    await refreshLists();
  };

  /** An approve, reject or close: its toast, its dialog closed (and emptied), the permit and lists as they now are. */
  const step = (action: "approve" | "reject" | "close", done: () => void) => ({
    onSuccess: async (updated: PermitDetail) => {
      notifySuccess(t(`detail.${STEP_DONE[action]}Title`), t(`detail.${STEP_DONE[action]}Message`));
      done();
      await refresh(updated);
    },
    onError: (error: unknown) => notifyError(t(`detail.${action}Failed`), errorMessage(error)),
  });
  const approve = trpc.permits.approve.useMutation(step("approve", () => setApproveOpen(false)));
  const reject = trpc.permits.reject.useMutation(
    step("reject", () => {
      setRejectOpen(false);
      setReason("");
    }),
  );
  const close = trpc.permits.close.useMutation(
    step("close", () => {
      setCloseOpen(false);
      setClosingNotes("");
    }),
  );
  const remove = trpc.permits.delete.useMutation({
    onSuccess: () => {
      notifySuccess(t("detail.deletedTitle"), t("detail.deletedMessage"));
      setDeleteOpen(false);
      void refreshLists();
      setTimeout(() => void navigate({ to: "/dashboard" }), PERMIT_REDIRECT_MS);
    },
    onError: (error) => notifyError(t("detail.deleteFailed"), errorMessage(error)),
  });

  const submitReject = () => {
    if (!reason.trim()) {
      setReasonError(t("detail.reasonRequired"));
      notifyError(t("detail.reasonRequiredTitle"), t("detail.reasonRequired"));
      return;
    }
    reject.mutate({ id: permit.id, rejectionReason: reason });
  };

  const busy = approve.isPending || reject.isPending || close.isPending || remove.isPending;
  const gaps = permitApprovalGaps(permit);
  // A manager never approves blind: with gaps, the confirmation lists them (and the server records them).
  const startApprove = () => (hasApprovalGaps(gaps) ? setApproveOpen(true) : approve.mutate({ id: permit.id }));

  return (
    <>
      <BackAnchor to="/forms/hot-work-permits" label={t("detail.backToList")} />
      <PageHeader
        title={permit.title}
        subtitle={<StatusSubtitle badge={<PermitStatusBadge status={permit.status} />}>{permit.projectName}</StatusSubtitle>}
        actions={
          <>
            {can("close") ? (
              <IconButton color="gray" icon={IconLock} iconSize={18} disabled={busy} onClick={() => setCloseOpen(true)}>
                {t("detail.closePermit")}
              </IconButton>
            ) : null}
            {can("edit") ? (
              <Button
                variant="default"
                leftSection={<IconEdit size={18} />}
                renderRoot={(props) => <Link {...props} to="/forms/hot-work-permits/$id/edit" params={{ id: String(permit.id) }} />}
              >
                {t("detail.edit")}
              </Button>
            ) : null}
            {can("delete") ? (
              <IconButton color="red" variant="subtle" icon={IconTrash} iconSize={18} disabled={busy} onClick={() => setDeleteOpen(true)}>
                {t("detail.delete")}
              </IconButton>
            ) : null}
          </>
        }
      />

      <Stack gap="md">
        <StatusInfo permit={permit} />
        <FireWatchCard permit={permit} />

        {can("approve") || can("reject") ? (
          <Card withBorder radius="md" padding="lg" data-testid="approval-review">
            <Title order={2} size="h4" mb={4}>
              {t("detail.reviewTitle")}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t("detail.precautionsChecked", {
                checked: HOT_WORK_PRECAUTIONS.length - gaps.missingPrecautions.length,
                total: HOT_WORK_PRECAUTIONS.length,
              })}
              {permit.fireWatchRequired
                ? permit.fireWatchBy
                  ? t("detail.reviewFireWatchBy", { name: permit.fireWatchBy })
                  : t("detail.reviewFireWatchUnnamed")
                : t("detail.reviewNoFireWatch")}
            </Text>
            <PrecautionChecklist checked={permit.precautions} />
            {gaps.fireWatchUnnamed ? (
              <Alert color="red" variant="light" mt="sm" icon={<IconEye size={18} />}>
                {t("detail.fireWatchUnnamedAlert")}
              </Alert>
            ) : null}
            {gaps.fireWatchUncredentialed ? (
              <Alert color="orange" variant="light" mt="sm" icon={<IconEye size={18} />} data-testid="fire-watch-credential-gap">
                {t("detail.fireWatchCredentialAlert")}
              </Alert>
            ) : null}
            <Group mt="md" gap="sm">
              {can("approve") ? (
                <IconButton
                  color="green"
                  icon={IconCircleCheck}
                  iconSize={18}
                  loading={approve.isPending}
                  disabled={busy}
                  onClick={startApprove}
                >
                  {t("detail.approve")}
                </IconButton>
              ) : null}
              {can("reject") ? (
                <IconButton
                  color="red"
                  variant="light"
                  icon={IconCircleX}
                  iconSize={18}
                  disabled={busy}
                  onClick={() => setRejectOpen(true)}
                >
                  {t("detail.reject")}
                </IconButton>
              ) : null}
            </Group>
          </Card>
        ) : null}

        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          <InfoCard icon={<IconCalendarEvent size={18} />} title={t("detail.schedule")}>
            {(["start", "end"] as const).map((edge) => (
              <Text key={edge} size="sm">
                <Text span c="dimmed" size="sm">
                  {t(`detail.${edge}`)}{" "}
                </Text>
                {formatDateTime(edge === "start" ? permit.startDate : permit.endDate)}
              </Text>
            ))}
          </InfoCard>
          <InfoCard icon={<IconMapPin size={18} />} title={t("detail.location")}>
            <Text size="sm">{permit.location}</Text>
            <Text size="xs" c="dimmed">
              {permit.projectName}
              {permit.projectLocation ? `, ${permit.projectLocation}` : ""}
            </Text>
          </InfoCard>
          <InfoCard icon={<IconUser size={18} />} title={t("detail.requestedBy")}>
            <Text size="sm">{permit.requesterName ?? t("detail.unknownRequester")}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(permit.requestedAt)}
            </Text>
          </InfoCard>
          <InfoCard icon={<IconEye size={18} />} title={t("detail.fireWatch")}>
            <Text size="sm">{permit.fireWatchRequired ? t("detail.required") : t("detail.notRequired")}</Text>
            {permit.fireWatchRequired ? (
              <Text size="xs" c="dimmed">
                {permit.fireWatchBy ? t("detail.assignedTo", { name: permit.fireWatchBy }) : t("detail.notYetAssigned")}
              </Text>
            ) : null}
          </InfoCard>
        </SimpleGrid>

        <Card withBorder radius="md" padding="lg">
          {/* Pills wrap onto a second row on a phone, so no tab hides off-screen. */}
          <Tabs defaultValue="work" variant="pills" radius="xl" color="orange">
            <Tabs.List>
              <Tabs.Tab value="work">{t("detail.workDetails")}</Tabs.Tab>
              <Tabs.Tab value="precautions">{t("detail.precautionsTab", { count: permit.precautions.length })}</Tabs.Tab>
              <Tabs.Tab value="equipment">{t("detail.equipmentTab", { count: permit.equipmentUsed.length })}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="work" pt="md">
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {permit.workDescription}
              </Text>
            </Tabs.Panel>
            <Tabs.Panel value="precautions" pt="md">
              <PrecautionChecklist checked={permit.precautions} />
            </Tabs.Panel>
            <Tabs.Panel value="equipment" pt="md">
              <CheckList
                items={permit.equipmentUsed.map(labels.equipment)}
                empty={t("detail.noEquipment")}
                icon={<IconFlame size={14} />}
                color="orange"
              />
            </Tabs.Panel>
          </Tabs>
        </Card>

        <CrewSignOn
          kind="permit"
          id={permit.id}
          title={permit.title}
          facts={{ projectId: permit.projectId, ownerWorkerId: permit.requestedBy, status: permit.status }}
          summary={<PermitSignOnSummary permit={permit} />}
        />

        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="md">
            {t("detail.history")}
          </Title>
          <Timeline active={permit.history.length - 1} bulletSize={22} lineWidth={2} color="orange" data-testid="permit-history">
            {permit.history.map((entry) => (
              <Timeline.Item key={entry.id} title={t(`labels.action.${entry.action}`, { defaultValue: entry.action })}>
                <Text size="sm">{t("detail.by", { name: entry.actorName ?? t("detail.deletedUser") })}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.createdAt)}
                </Text>
                <HistoryDetails details={entry.details} />
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
      </Stack>

      <Modal opened={rejectOpen} onClose={() => setRejectOpen(false)} title={t("detail.rejectTitle")} centered>
        <Stack>
          <Text size="sm">{t("detail.rejectIntro")}</Text>
          <Textarea
            label={t("detail.rejectReason")}
            withAsterisk
            autosize
            minRows={3}
            data-path="rejectionReason"
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              if (reasonError) setReasonError(null);
            }}
          />
          <DialogActions
            onCancel={() => setRejectOpen(false)}
            submitLabel={t("detail.rejectTitle")}
            onSubmit={submitReject}
            loading={reject.isPending}
            holdCancel
            color="red"
          />
        </Stack>
      </Modal>

      <Modal opened={closeOpen} onClose={() => setCloseOpen(false)} title={t("detail.closePermit")} centered>
        <Stack>
          <Text size="sm">{t("detail.closeIntro")}</Text>
          {closeOpen ? <SignedOnWarning permitId={permit.id} /> : null}
          <Textarea
            label={t("detail.closingNotesOptional")}
            autosize
            minRows={3}
            data-path="closingNotes"
            value={closingNotes}
            onChange={(event) => setClosingNotes(event.currentTarget.value)}
          />
          <DialogActions
            onCancel={() => setCloseOpen(false)}
            submitLabel={t("detail.closePermit")}
            onSubmit={() => close.mutate({ id: permit.id, closingNotes })}
            loading={close.isPending}
            holdCancel
            color="gray"
          />
        </Stack>
      </Modal>

      <ConfirmDialog
        opened={approveOpen}
        title={t("detail.approveGapsTitle")}
        message={<ApprovalGapsMessage gaps={gaps} />}
        confirmLabel={t("detail.approveAnyway")}
        color="green"
        loading={approve.isPending}
        onConfirm={() => approve.mutate({ id: permit.id })}
        onClose={() => setApproveOpen(false)}
      />

      <ConfirmDialog
        opened={deleteOpen}
        title={t("detail.deleteTitle")}
        message={t("detail.deleteMessage")}
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id: permit.id })}
        onClose={() => setDeleteOpen(false)}
      />
    </>
  );
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group gap="xs" mb={6} wrap="nowrap">
        <ThemeIcon variant="light" color="orange" size="md">
          {icon}
        </ThemeIcon>
        <Text fw={600} size="sm">
          {title}
        </Text>
      </Group>
      <Stack gap={2}>{children}</Stack>
    </Card>
  );
}

function CheckList({ items, empty, icon, color = "green" }: { items: readonly string[]; empty: string; icon?: ReactNode; color?: string }) {
  if (items.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  return (
    <List
      spacing="xs"
      size="sm"
      icon={
        <ThemeIcon color={color} size={20} radius="xl" variant="light">
          {icon ?? <IconCheck size={14} />}
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

/** Approved, rejected and closed permits say who did it, when, and why. */
function StatusInfo({ permit }: { permit: PermitDetail }) {
  const { t } = useTranslation("permits");
  const deleted = t("detail.deletedUser");
  if (permit.status === "rejected") {
    return (
      <Alert color="red" title={t("detail.rejectedAlert")} icon={<IconCircleX size={20} />} data-testid="permit-status-info">
        <Text size="sm">
          <strong>{t("detail.reason")}</strong> {permit.rejectionReason}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {t("detail.rejectedBy", { name: permit.rejectedByName ?? deleted, date: formatDateTime(permit.rejectedAt) })}
        </Text>
      </Alert>
    );
  }
  if (permit.status === "closed") {
    return (
      <Alert color="gray" title={t("detail.closedAlert")} icon={<IconLock size={20} />} data-testid="permit-status-info">
        <Text size="sm">
          <strong>{t("detail.closingNotes")}</strong> {permit.closingNotes || t("detail.none")}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {t("detail.closedBy", { name: permit.closedByName ?? deleted, date: formatDateTime(permit.closedAt) })}
          {permit.approvedAt
            ? t("detail.alsoApprovedBy", { name: permit.approvedByName ?? deleted, date: formatDateTime(permit.approvedAt) })
            : ""}
        </Text>
      </Alert>
    );
  }
  if (permit.status === "approved") {
    return (
      <Alert color="green" title={t("detail.approvedAlert")} icon={<IconCircleCheck size={20} />} data-testid="permit-status-info">
        <Text size="sm">{t("detail.approvedBy", { name: permit.approvedByName ?? deleted, date: formatDateTime(permit.approvedAt) })}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" title={t("detail.awaitingTitle")} icon={<IconFlame size={20} />} data-testid="permit-status-info">
      <Text size="sm">{t("detail.awaitingMessage")}</Text>
    </Alert>
  );
}

/** All 14 precautions, each checked or missing, in the checklist's order. */
function PrecautionChecklist({ checked }: { checked: readonly string[] }) {
  const { t } = useTranslation("permits");
  const labels = usePermitLabels();
  const ticked = new Set(checked);
  return (
    <List spacing="xs" size="sm" data-testid="precaution-checklist">
      {HOT_WORK_PRECAUTIONS.map((item) => {
        const ok = ticked.has(item);
        return (
          <List.Item
            key={item}
            data-state={ok ? "checked" : "missing"}
            icon={
              <ThemeIcon color={ok ? "green" : "red"} size={22} radius="xl" variant="light">
                {ok ? <IconCheck size={14} aria-label={t("detail.checked")} /> : <IconX size={14} aria-label={t("detail.missing")} />}
              </ThemeIcon>
            }
          >
            <Text size="sm" span c={ok ? undefined : "red"} fw={ok ? undefined : 600}>
              {ok ? "" : t("detail.missingPrefix")}
              {labels.precaution(item)}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}

function ApprovalGapsMessage({ gaps }: { gaps: PermitApprovalGaps }) {
  const { t } = useTranslation("permits");
  const lines = usePermitLabels().gapLines(gaps);
  return (
    <Stack gap="xs">
      <Text size="sm">{t("detail.gapsIntro", { count: lines.length })}</Text>
      <List size="sm" spacing={4} data-testid="approval-gaps">
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function HistoryDetails({ details }: { details: unknown }) {
  const { t } = useTranslation("permits");
  const labels = usePermitLabels();
  if (!details || typeof details !== "object") return null;
  const d = details as { rejectionReason?: unknown; closingNotes?: unknown; acknowledgedGaps?: PermitApprovalGaps; signer?: unknown };
  if (d.acknowledgedGaps && Array.isArray(d.acknowledgedGaps.missingPrecautions)) {
    const lines = labels.gapLines(d.acknowledgedGaps);
    return (
      <Stack gap={2} mt={2} data-testid="acknowledged-gaps">
        <Text size="xs" fw={600}>
          {t("detail.acknowledged", { count: lines.length })}
        </Text>
        {lines.map((line) => (
          <Text key={line} size="xs">
            {line}
          </Text>
        ))}
      </Stack>
    );
  }
  const text =
    typeof d.rejectionReason === "string"
      ? d.rejectionReason
      : typeof d.closingNotes === "string"
        ? d.closingNotes
        : typeof d.signer === "string"
          ? d.signer
          : null;
  if (!text) return null;
  return (
    <Text size="xs" fs="italic" mt={2}>
      “{text}”
    </Text>
  );
}
