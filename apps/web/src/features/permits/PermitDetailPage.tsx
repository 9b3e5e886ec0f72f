import {
  approvalGapLines,
  decidePermitAction,
  HOT_WORK_PRECAUTIONS,
  hasApprovalGaps,
  type PermitAction,
  type PermitApprovalGaps,
  permitActionLabels,
  permitApprovalGaps,
  REJECTION_REASON_REQUIRED,
} from "@sitesafe/domain";
import {
  Alert,
  Anchor,
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
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, ErrorState, FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, errorStatus, type RouterOutputs, trpc, invalidateLists } from "../../lib/trpc";
import { PERMIT_REDIRECT_MS } from "./PermitListPage";
import { PermitStatusBadge } from "./PermitStatusBadge";

type PermitDetail = RouterOutputs["permits"]["byId"];

/** A well-formed id from the URL, or null (which shows "Permit Not Found"). */
export function permitIdFromParam(param: string): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

export function PermitNotFound() {
  return (
    <EmptyState
      title="Permit Not Found"
      message="The hot work permit you're looking for doesn't exist or you don't have access to it."
      action={
        <Button component={Link} to="/forms/hot-work-permits" variant="light" leftSection={<IconArrowLeft size={16} />}>
          Back to Hot Work Permits
        </Button>
      }
    />
  );
}

/** /forms/hot-work-permits/:id */
export function PermitDetailPage({ idParam }: { idParam: string }) {
  const id = permitIdFromParam(idParam);
  const query = trpc.permits.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  if (id === null) return <PermitNotFound />;
  if (query.isPending) return <FullPageSpinner />;
  if (query.isError) {
    const status = errorStatus(query.error);
    if (status === 403 || status === 404 || status === 400) return <PermitNotFound />;
    return <ErrorState message={errorMessage(query.error, "Failed to load the permit.")} onRetry={() => void query.refetch()} />;
  }
  return <PermitDetailView permit={query.data} />;
}

function PermitDetailView({ permit }: { permit: PermitDetail }) {
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

  const approve = trpc.permits.approve.useMutation({
    onSuccess: async (updated) => {
      notifySuccess("Permit approved", "The hot work permit has been approved successfully.");
      setApproveOpen(false);
      await refresh(updated);
    },
    onError: (error) => notifyError("Failed to approve permit", errorMessage(error)),
  });
  const reject = trpc.permits.reject.useMutation({
    onSuccess: async (updated) => {
      notifySuccess("Permit rejected", "The hot work permit has been rejected.");
      setRejectOpen(false);
      setReason("");
      await refresh(updated);
    },
    onError: (error) => notifyError("Failed to reject permit", errorMessage(error)),
  });
  const close = trpc.permits.close.useMutation({
    onSuccess: async (updated) => {
      notifySuccess("Permit closed", "The hot work permit has been closed.");
      setCloseOpen(false);
      setClosingNotes("");
      await refresh(updated);
    },
    onError: (error) => notifyError("Failed to close permit", errorMessage(error)),
  });
  const remove = trpc.permits.delete.useMutation({
    onSuccess: () => {
      notifySuccess("Permit deleted", "The hot work permit has been deleted successfully.");
      setDeleteOpen(false);
      void refreshLists();
      setTimeout(() => void navigate({ to: "/dashboard" }), PERMIT_REDIRECT_MS);
    },
    onError: (error) => notifyError("Failed to delete permit", errorMessage(error)),
  });

  const submitReject = () => {
    if (!reason.trim()) {
      setReasonError(REJECTION_REASON_REQUIRED);
      notifyError("Rejection reason required", REJECTION_REASON_REQUIRED);
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
      <Anchor component={Link} to="/forms/hot-work-permits" size="sm" mb="sm" display="inline-flex" style={{ alignItems: "center", gap: 4 }}>
        <IconArrowLeft size={14} /> Back to Hot Work Permits
      </Anchor>
      <PageHeader
        title={permit.title}
        subtitle={
          <Group gap="xs" component="span">
            <PermitStatusBadge status={permit.status} />
            <span>{permit.projectName}</span>
          </Group>
        }
        actions={
          <>
            {can("close") ? (
              <Button color="gray" leftSection={<IconLock size={18} />} disabled={busy} onClick={() => setCloseOpen(true)}>
                Close Permit
              </Button>
            ) : null}
            {can("edit") ? (
              <Button
                variant="default"
                leftSection={<IconEdit size={18} />}
                renderRoot={(props) => <Link {...props} to="/forms/hot-work-permits/$id/edit" params={{ id: String(permit.id) }} />}
              >
                Edit
              </Button>
            ) : null}
            {can("delete") ? (
              <Button color="red" variant="subtle" leftSection={<IconTrash size={18} />} disabled={busy} onClick={() => setDeleteOpen(true)}>
                Delete
              </Button>
            ) : null}
          </>
        }
      />

      <Stack gap="md">
        <StatusInfo permit={permit} />

        {can("approve") || can("reject") ? (
          <Card withBorder radius="md" padding="lg" data-testid="approval-review">
            <Title order={2} size="h4" mb={4}>
              Review before approving
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {HOT_WORK_PRECAUTIONS.length - gaps.missingPrecautions.length} of {HOT_WORK_PRECAUTIONS.length} precautions checked
              {permit.fireWatchRequired ? (permit.fireWatchBy ? ` · fire watch: ${permit.fireWatchBy}` : " · fire watch required, nobody named") : " · no fire watch required"}
            </Text>
            <PrecautionChecklist checked={permit.precautions} />
            {gaps.fireWatchUnnamed ? (
              <Alert color="red" variant="light" mt="sm" icon={<IconEye size={18} />}>
                A fire watch is required, but nobody is named.
              </Alert>
            ) : null}
            <Group mt="md" gap="sm">
              {can("approve") ? (
                <Button color="green" leftSection={<IconCircleCheck size={18} />} loading={approve.isPending} disabled={busy} onClick={startApprove}>
                  Approve
                </Button>
              ) : null}
              {can("reject") ? (
                <Button color="red" variant="light" leftSection={<IconCircleX size={18} />} disabled={busy} onClick={() => setRejectOpen(true)}>
                  Reject
                </Button>
              ) : null}
            </Group>
          </Card>
        ) : null}

        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          <InfoCard icon={<IconCalendarEvent size={18} />} title="Schedule">
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Start:{" "}
              </Text>
              {formatDateTime(permit.startDate)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                End:{" "}
              </Text>
              {formatDateTime(permit.endDate)}
            </Text>
          </InfoCard>
          <InfoCard icon={<IconMapPin size={18} />} title="Location">
            <Text size="sm">{permit.location}</Text>
            <Text size="xs" c="dimmed">
              {permit.projectName}
              {permit.projectLocation ? `, ${permit.projectLocation}` : ""}
            </Text>
          </InfoCard>
          <InfoCard icon={<IconUser size={18} />} title="Requested By">
            <Text size="sm">{permit.requesterName ?? "Unknown requester"}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(permit.requestedAt)}
            </Text>
          </InfoCard>
          <InfoCard icon={<IconEye size={18} />} title="Fire Watch">
            <Text size="sm">{permit.fireWatchRequired ? "Required" : "Not required"}</Text>
            {permit.fireWatchRequired ? (
              <Text size="xs" c="dimmed">
                {permit.fireWatchBy ? `Assigned to ${permit.fireWatchBy}` : "Not yet assigned"}
              </Text>
            ) : null}
          </InfoCard>
        </SimpleGrid>

        <Card withBorder radius="md" padding="lg">
          {/* Pills wrap onto a second row on a phone, so no tab hides off-screen. */}
          <Tabs defaultValue="work" variant="pills" radius="xl" color="orange">
            <Tabs.List>
              <Tabs.Tab value="work">Work Details</Tabs.Tab>
              <Tabs.Tab value="precautions">Safety Precautions ({permit.precautions.length})</Tabs.Tab>
              <Tabs.Tab value="equipment">Equipment Used ({permit.equipmentUsed.length})</Tabs.Tab>
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
              <CheckList items={permit.equipmentUsed} empty="No equipment recorded." icon={<IconFlame size={14} />} color="orange" />
            </Tabs.Panel>
          </Tabs>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="md">
            History
          </Title>
          <Timeline active={permit.history.length - 1} bulletSize={22} lineWidth={2} color="orange" data-testid="permit-history">
            {permit.history.map((entry) => (
              <Timeline.Item key={entry.id} title={permitActionLabels[entry.action] ?? entry.action}>
                <Text size="sm">by {entry.actorName ?? "a deleted user"}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.createdAt)}
                </Text>
                <HistoryDetails details={entry.details} />
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
      </Stack>

      <Modal opened={rejectOpen} onClose={() => setRejectOpen(false)} title="Reject Permit" centered>
        <Stack>
          <Text size="sm">Tell the requester why this permit is rejected, so they can correct and resubmit it.</Text>
          <Textarea
            label="Reason for rejection"
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
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejectOpen(false)} disabled={reject.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={submitReject} loading={reject.isPending}>
              Reject Permit
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={closeOpen} onClose={() => setCloseOpen(false)} title="Close Permit" centered>
        <Stack>
          <Text size="sm">Close the permit once the work is finished and the area has been inspected for smouldering material.</Text>
          <Textarea
            label="Closing Notes (optional)"
            autosize
            minRows={3}
            data-path="closingNotes"
            value={closingNotes}
            onChange={(event) => setClosingNotes(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCloseOpen(false)} disabled={close.isPending}>
              Cancel
            </Button>
            <Button color="gray" onClick={() => close.mutate({ id: permit.id, closingNotes })} loading={close.isPending}>
              Close Permit
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmDialog
        opened={approveOpen}
        title="Approve with gaps?"
        message={<ApprovalGapsMessage gaps={gaps} />}
        confirmLabel="Approve anyway"
        color="green"
        loading={approve.isPending}
        onConfirm={() => approve.mutate({ id: permit.id })}
        onClose={() => setApproveOpen(false)}
      />

      <ConfirmDialog
        opened={deleteOpen}
        title="Delete Permit"
        message="Are you sure you want to delete this hot work permit? This action cannot be undone."
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
  if (items.length === 0) return <Text c="dimmed" size="sm">{empty}</Text>;
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
  if (permit.status === "rejected") {
    return (
      <Alert color="red" title="Permit Rejected" icon={<IconCircleX size={20} />} data-testid="permit-status-info">
        <Text size="sm">
          <strong>Reason:</strong> {permit.rejectionReason}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          Rejected by {permit.rejectedByName ?? "a deleted user"} on {formatDateTime(permit.rejectedAt)}
        </Text>
      </Alert>
    );
  }
  if (permit.status === "closed") {
    return (
      <Alert color="gray" title="Permit Closed" icon={<IconLock size={20} />} data-testid="permit-status-info">
        <Text size="sm">
          <strong>Closing notes:</strong> {permit.closingNotes || "None"}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          Closed by {permit.closedByName ?? "a deleted user"} on {formatDateTime(permit.closedAt)}
          {permit.approvedAt ? ` · approved by ${permit.approvedByName ?? "a deleted user"} on ${formatDateTime(permit.approvedAt)}` : ""}
        </Text>
      </Alert>
    );
  }
  if (permit.status === "approved") {
    return (
      <Alert color="green" title="Permit Approved" icon={<IconCircleCheck size={20} />} data-testid="permit-status-info">
        <Text size="sm">
          Approved by {permit.approvedByName ?? "a deleted user"} on {formatDateTime(permit.approvedAt)}. Close the permit when the work and the
          after-work fire watch are done.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" title="Awaiting approval" icon={<IconFlame size={20} />} data-testid="permit-status-info">
      <Text size="sm">Hot work must not start until a manager or admin approves this permit.</Text>
    </Alert>
  );
}

/** All 14 precautions, each checked or missing, in the checklist's order. */
function PrecautionChecklist({ checked }: { checked: readonly string[] }) {
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
                {ok ? <IconCheck size={14} aria-label="Checked" /> : <IconX size={14} aria-label="Missing" />}
              </ThemeIcon>
            }
          >
            <Text size="sm" span c={ok ? undefined : "red"} fw={ok ? undefined : 600}>
              {ok ? "" : "Missing: "}
              {item}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}

function ApprovalGapsMessage({ gaps }: { gaps: PermitApprovalGaps }) {
  const lines = approvalGapLines(gaps);
  return (
    <Stack gap="xs">
      <Text size="sm">
        This permit has {lines.length} gap{lines.length === 1 ? "" : "s"}. If you approve it, the permit's history records that you accepted:
      </Text>
      <List size="sm" spacing={4} data-testid="approval-gaps">
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function HistoryDetails({ details }: { details: unknown }) {
  if (!details || typeof details !== "object") return null;
  const d = details as { rejectionReason?: unknown; closingNotes?: unknown; acknowledgedGaps?: PermitApprovalGaps };
  if (d.acknowledgedGaps && Array.isArray(d.acknowledgedGaps.missingPrecautions)) {
    const lines = approvalGapLines(d.acknowledgedGaps);
    return (
      <Stack gap={2} mt={2} data-testid="acknowledged-gaps">
        <Text size="xs" fw={600}>
          Approved with {lines.length} gap{lines.length === 1 ? "" : "s"} acknowledged:
        </Text>
        {lines.map((line) => (
          <Text key={line} size="xs">
            {line}
          </Text>
        ))}
      </Stack>
    );
  }
  const text = typeof d.rejectionReason === "string" ? d.rejectionReason : typeof d.closingNotes === "string" ? d.closingNotes : null;
  if (!text) return null;
  return (
    <Text size="xs" fs="italic" mt={2}>
      “{text}”
    </Text>
  );
}
