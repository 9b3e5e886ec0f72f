import { Anchor, Button, Card, Group, Stack, Text, Textarea, Timeline, Title } from "@mantine/core";
import { canActOn } from "@sitesafe/domain";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { ErrorState, FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDate, formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { PhotoStrip } from "../photos/PhotoStrip";
import { ActionBadges } from "./ActionBadges";
import { ItemPhotos } from "./ItemPhotos";

/**
 * /actions/:id: a corrective action, its evidence and history, and the buttons its state machine
 * allows the user (canActOn: the same decision the server enforces).
 */
export function ActionDetailPage({ id }: { id: number }) {
  const { t } = useTranslation("inspections");
  const actor = useActor();
  const utils = trpc.useUtils();
  const query = trpc.correctiveActions.byId.useQuery({ id });
  // The strip below lists the same photos (one cache entry): a new upload counts at once.
  const photos = trpc.photos.list.useQuery({ kind: "correctiveAction", id }, { enabled: query.isSuccess });
  const [evidenceNote, setEvidenceNote] = useState("");
  const [reason, setReason] = useState("");
  const [rejecting, setRejecting] = useState(false);
  const done = () => {
    notifySuccess(t("actions.done"));
    setRejecting(false);
    void utils.correctiveActions.invalidate();
    void utils.inspections.invalidate();
  };
  const failed = (error: unknown) => notifyError(errorMessage(error));
  const start = trpc.correctiveActions.start.useMutation({ onSuccess: done, onError: failed });
  const submit = trpc.correctiveActions.submit.useMutation({ onSuccess: done, onError: failed });
  const verify = trpc.correctiveActions.verify.useMutation({ onSuccess: done, onError: failed });
  const reject = trpc.correctiveActions.reject.useMutation({ onSuccess: done, onError: failed });
  const back = (
    <Anchor component={Link} to="/actions" size="sm" mb="sm" display="inline-flex" style={{ alignItems: "center", gap: 4 }}>
      <IconArrowLeft size={14} /> {t("actions.back")}
    </Anchor>
  );
  if (query.isPending) return <FullPageSpinner />;
  if (query.error) {
    return (
      <>
        {back}
        <ErrorState message={errorMessage(query.error, t("actions.notFound"))} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const action = query.data;
  const facts = { ...action, evidencePhotoCount: photos.data?.length ?? action.evidencePhotoCount };
  const photoNeeded = action.priority === "high" && facts.evidencePhotoCount === 0 && action.status !== "closed";
  const may = (step: "start" | "submit" | "verify" | "reject") => actor !== null && canActOn(actor, step, facts);
  return (
    <>
      {back}
      <PageHeader
        title={action.description}
        subtitle={`${action.projectName} · ${t("actions.due", { date: formatDateTime(action.dueAt) })}`}
      />
      <Stack gap="md" maw={760}>
        <ActionBadges status={action.status} priority={action.priority} overdue={action.overdue} />
        <Card withBorder radius="md" padding="md">
          <Stack gap={4}>
            <Text size="sm">{t("actions.owner", { name: action.ownerName ?? "—" })}</Text>
            <Text size="sm" c="dimmed">
              {t("actions.raisedBy", { name: action.raisedByName ?? "—" })} · {formatDate(action.createdAt)}
            </Text>
            {action.inspectionId !== null ? (
              <Anchor component={Link} to={`/inspections/${action.inspectionId}`} size="sm">
                {t("actions.fromInspection", { id: action.inspectionId })}
              </Anchor>
            ) : null}
            {action.rejectionReason && action.status === "open" ? (
              <Text size="sm" c="red">
                {t("actions.rejection", { reason: action.rejectionReason })}
              </Text>
            ) : null}
            {action.verifiedByName ? <Text size="sm">{t("actions.verifiedBy", { name: action.verifiedByName })}</Text> : null}
          </Stack>
        </Card>
        {action.foundPhotos.length > 0 ? (
          <Card withBorder radius="md" padding="md" data-testid="found-photos">
            <Title order={2} size="h4">
              {t("actions.foundPhotos")}
            </Title>
            <ItemPhotos photos={action.foundPhotos} projectId={action.projectId} />
          </Card>
        ) : null}
        {action.evidenceNote ? (
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h4" mb="xs">
              {t("actions.evidence")}
            </Title>
            <Text size="sm">{action.evidenceNote}</Text>
          </Card>
        ) : null}
        <PhotoStrip
          record={{ kind: "correctiveAction", id }}
          facts={{
            kind: "correctiveAction",
            projectId: action.projectId,
            ownerWorkerId: null,
            ownerUserId: action.ownerUserId,
            actionStatus: action.status,
          }}
          title={t("actions.evidencePhotos")}
        />
        {photoNeeded ? (
          <Text size="sm" c="orange" data-testid="action-photo-needed">
            {t("actions.photoNeeded")}
          </Text>
        ) : null}
        {may("submit") ? <NoteField label={t("actions.evidenceNote")} value={evidenceNote} onChange={setEvidenceNote} /> : null}
        {rejecting ? <NoteField label={t("actions.rejectReason")} value={reason} onChange={setReason} data-testid="reject-reason" /> : null}
        <Group gap="sm">
          {may("start") ? (
            <Button size="md" variant="default" onClick={() => start.mutate({ id })} loading={start.isPending} data-testid="action-start">
              {t("actions.start")}
            </Button>
          ) : null}
          {actor !== null && ["open", "in_progress"].includes(action.status) && (action.ownerUserId === actor.userId || may("submit")) ? (
            <Button
              size="md"
              onClick={() => submit.mutate({ id, evidenceNote: evidenceNote || null })}
              loading={submit.isPending}
              data-testid="action-submit"
            >
              {t("actions.submit")}
            </Button>
          ) : null}
          {may("verify") ? (
            <Button size="md" color="green" onClick={() => verify.mutate({ id })} loading={verify.isPending} data-testid="action-verify">
              {t("actions.verify")}
            </Button>
          ) : null}
          {may("reject") ? (
            <Button
              size="md"
              color="red"
              variant="outline"
              onClick={() => (rejecting ? reject.mutate({ id, reason }) : setRejecting(true))}
              loading={reject.isPending}
              data-testid="action-reject"
            >
              {t("actions.reject")}
            </Button>
          ) : null}
        </Group>
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="sm">
            {t("actions.history")}
          </Title>
          <Timeline bulletSize={14} lineWidth={2}>
            {action.history.map((h) => (
              <Timeline.Item
                key={h.id}
                title={h.toState ? t(`labels.status.${h.toState as "open"}`, { defaultValue: h.action }) : h.action}
              >
                <Text size="xs" c="dimmed">
                  {`${h.actorName ?? "—"} · ${formatDateTime(h.createdAt)}`}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
      </Stack>
    </>
  );
}

/** A note typed with the action's next step (the evidence, why it is sent back), growing as it is typed. */
function NoteField({ onChange, ...props }: { label: string; value: string; onChange: (value: string) => void; "data-testid"?: string }) {
  return <Textarea autosize minRows={2} onChange={(e) => onChange(e.currentTarget.value)} {...props} />;
}
