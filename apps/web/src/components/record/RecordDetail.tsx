import { Card, type CardProps, Group, Stack, Text, Title, type TitleProps } from "@mantine/core";
import { IconAlertCircle, IconLock, IconSearch } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActor } from "../../lib/auth";
import { notifySuccess } from "../../lib/notify";
import { invalidateLists, trpc } from "../../lib/trpc";
import { BackLink, RecordProblem } from "../BackLink";
import { ConfirmDialog } from "../ConfirmDialog";
import { EditDeleteActions } from "../EditDeleteActions";
import { PageHeader } from "../PageHeader";
import { RECORD_AREAS, type RecordArea } from "./areas";

/**
 * A card of a detail page with its heading (an h2 in the size the page gives), then its content.
 * The card's own props (a test id, padding) pass through.
 */
export function DetailCard({
  title,
  size = "h4",
  mb = "sm",
  children,
  ...card
}: { title: ReactNode; size?: TitleProps["size"]; mb?: TitleProps["mb"]; children: ReactNode } & CardProps & { "data-testid"?: string }) {
  return (
    <Card withBorder radius="md" padding="md" {...card}>
      <Title order={2} size={size} mb={mb}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A card of free text a record holds (a description, the measures taken), kept as typed. */
export function TextSection({ title, text }: { title: string; text: string }) {
  return (
    <DetailCard title={title} size="h5" mb="xs">
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {text}
      </Text>
    </DetailCard>
  );
}

const PROBLEMS = {
  notFound: { color: "gray", icon: <IconSearch size={28} /> },
  denied: { color: "red", icon: <IconLock size={28} /> },
  loadError: { color: "red", icon: <IconAlertCircle size={28} /> },
};

/**
 * A record the user cannot open, as the whole page: not found (or a malformed id), not theirs, or
 * failed to load; the texts are the area's `detail.<problem>Title` and `detail.<problem>Message`.
 */
export function RecordProblemPage({ area, problem, message }: { area: RecordArea; problem: keyof typeof PROBLEMS; message?: string }) {
  const { t } = useTranslation(area);
  return (
    <RecordProblem
      to={RECORD_AREAS[area].list}
      backLabel={t("detail.back")}
      title={t(`detail.${problem}Title`)}
      message={message ?? t(`detail.${problem}Message`)}
      {...PROBLEMS[problem]}
    />
  );
}

/**
 * A record's page (JHA form, incident report): who may do what, editing in place, and the delete
 * behind its confirmation, after which the list opens. Pass `removeOptions` to the area's delete
 * mutation.
 */
export function useRecordDetail(area: RecordArea, onDeleteFailed: (error: unknown) => void) {
  const { t } = useTranslation(area);
  const utils = trpc.useUtils();
  const listPath = RECORD_AREAS[area].list;
  const actor = useActor();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return {
    area,
    actor,
    listPath,
    editing,
    setEditing,
    confirming,
    setConfirming,
    removeOptions: {
      onSuccess: () => {
        setConfirming(false);
        void invalidateLists(utils[area]);
        notifySuccess(t("detail.deletedTitle"), t("detail.deletedMessage"));
        void navigate({ to: listPath });
      },
      onError: (error: unknown) => {
        setConfirming(false);
        onDeleteFailed(error);
      },
    },
  };
}

/**
 * The frame of a record's page: the back link, the title with Edit and Delete (each only when
 * allowed), the page's cards, and the delete confirmation; while editing, the form in its place.
 */
export function RecordDetailShell({
  page,
  title,
  subtitle,
  can,
  form,
  remove,
  children,
}: {
  page: ReturnType<typeof useRecordDetail>;
  title: string;
  subtitle: ReactNode;
  can: { edit: boolean; delete: boolean };
  /** The record's form, shown in place while editing. */
  form: ReactNode;
  remove: { message: ReactNode; pending: boolean; onConfirm: () => void };
  children: ReactNode;
}) {
  const { t } = useTranslation(page.area);
  const { setEditing, setConfirming } = page;
  if (page.editing) {
    return (
      <>
        <PageHeader title={t("detail.editTitle")} subtitle={title} />
        {form}
      </>
    );
  }
  return (
    <>
      <BackLink to={page.listPath} label={t("detail.back")} />
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <EditDeleteActions
            edit={can.edit && { label: t("detail.edit"), onClick: () => setEditing(true) }}
            remove={can.delete && { label: t("detail.delete"), onClick: () => setConfirming(true) }}
          />
        }
      />
      <Stack gap="md">{children}</Stack>
      <ConfirmDialog
        opened={page.confirming}
        title={t("detail.deleteTitle")}
        message={remove.message}
        loading={remove.pending}
        pendingLabel={t("detail.deleting")}
        onConfirm={remove.onConfirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** A page header's subtitle that leads with the record's status badge (a permit: its status, then its project). */
export function StatusSubtitle({ badge, children }: { badge: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" component="span">
      {badge}
      <span>{children}</span>
    </Group>
  );
}
