import { Alert, Stack, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { isStaff } from "@sitesafe/domain";
import { IconAlertCircle } from "@tabler/icons-react";
import { type FormEvent, type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PhotoPicker, usePhotoPicker } from "../../features/photos/PhotoPicker";
import { useActor } from "../../lib/auth";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, errorStatus, invalidateLists, type RouterOutputs, trpc } from "../../lib/trpc";
import { FormCancel, FormSubmit } from "../FormActions";
import { RecordFormCard, useFormSafety } from "../FormSafety";
import { RECORD_AREAS, type RecordArea } from "./areas";

/** What a record form (JHA, incident report) is opened with: new, or the record to edit. */
export interface RecordFormProps<R> {
  initial?: R;
  defaultProjectId?: number | undefined;
  /** Opened through "Continue your draft": start from the draft on this device. */
  continueDraft?: boolean;
  onDone: (saved: R) => void;
  onCancel: () => void;
}

/** The area's formOptions answer: the projects the user may file on and the workers to name. */
interface FormOptions {
  data?: RouterOutputs["jha"]["formOptions"];
  isPending: boolean;
  error: unknown;
}

/** A create or update mutation: the Outbox's create and tRPC's update alike. */
interface Sends<D> {
  mutateAsync: (input: D) => Promise<unknown>;
  isPending: boolean;
}

/** A failure the server explained gets the screen's title; anything else the generic one. */
export function useNotifySubmitError(ns: RecordArea) {
  const { t } = useTranslation(ns);
  return (title: string, error: unknown) => {
    if (errorStatus(error) === undefined) notifyError(t("form.formError"), t("form.unexpectedError"));
    else notifyError(title, errorMessage(error));
  };
}

/**
 * What the JHA and incident report forms share around their fields: the user (staff pick the
 * filer, a worker files as themselves), the one project preselected, photos picked before the record
 * exists, the draft and leave guard (useFormSafety), and the save: a new record through the Outbox
 * (its photos wait there for it when offline), an edit straight to the server, then the toast and `onDone`.
 */
export function useRecordForm<V extends { projectId: string | null }, R extends { id: number }>(
  form: UseFormReturnType<V>,
  area: RecordArea,
  {
    props,
    options,
    onSaved,
  }: {
    props: RecordFormProps<R>;
    options: FormOptions;
    /** The area's caches once saved, after its lists: the record itself. */
    onSaved: (saved: R) => void;
  },
) {
  const { t } = useTranslation(area);
  const { kind } = RECORD_AREAS[area];
  const { initial, continueDraft, onCancel, onDone } = props;
  const notifySubmitError = useNotifySubmitError(area);
  const utils = trpc.useUtils();
  const actor = useActor();
  const staff = actor ? isStaff(actor) : false;

  // A worker assigned to exactly one project gets it preselected.
  const projects = options.data?.projects ?? [];
  useEffect(() => {
    if (!initial && form.values.projectId === null && projects.length === 1 && projects[0]) {
      // A default, not a change: it neither makes the form "changed" nor starts a draft.
      form.setFieldValue("projectId", String(projects[0].id) as never);
      form.resetDirty({ ...form.getValues(), projectId: String(projects[0].id) } as V);
    }
  }, [projects, initial, form]);

  const photos = usePhotoPicker();
  const onSuccess = async (saved: R) => {
    // Stored on the device before the form closes: the upload itself goes on from the Outbox.
    await photos.uploadTo({ kind, id: saved.id });
    void invalidateLists(utils[area]);
    onSaved(saved);
    notifySuccess(
      initial ? t("form.updatedTitle") : t("form.submittedTitle"),
      initial ? t("form.updatedMessage") : t("form.submittedMessage"),
    );
    onDone(saved);
  };
  const safety = useFormSafety(form, { draftKey: initial ? `${kind}.edit.${initial.id}` : `${kind}.new`, onCancel, continueDraft });

  return {
    t,
    initial,
    actor,
    staff,
    /** Signed in without a worker profile, a worker cannot file. */
    noProfile: !staff && actor?.workerId == null,
    options,
    projects,
    workers: options.data?.workers ?? [],
    photos,
    safety,
    createOptions: {
      onSuccess,
      onError: (e: unknown) => notifySubmitError(t("form.submitFailed"), e),
      // Offline: its photos wait in the Outbox for it, then go to the record it creates.
      withQueued: (item: { id: string }) => photos.uploadTo({ kind, after: item.id }),
    },
    updateOptions: { onSuccess, onError: (e: unknown) => notifySubmitError(t("form.updateFailed"), e) },
    /** The form's submit: the values as the domain's schema parses them, created or updated. */
    submit:
      <D,>(parse: (values: V) => D, create: Sends<D>, update: Sends<D & { id: number }>) =>
      (values: V) => {
        const data = parse(values);
        return initial ? update.mutateAsync({ id: initial.id, ...data }) : create.mutateAsync(data);
      },
  };
}

export type RecordFormState = ReturnType<typeof useRecordForm<{ projectId: string | null }, { id: number }>>;

/**
 * A record form's frame: the card, Cancel at the top (far from Submit), the heading, the draft
 * banner, why the options or the user's profile stop it, the fields, the photos of a new record,
 * and Submit at the end.
 */
export function RecordFormShell({
  record,
  onSubmit,
  pending,
  heading,
  optionsFailed,
  children,
}: {
  record: Pick<RecordFormState, "t" | "initial" | "safety" | "options" | "noProfile" | "photos">;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  heading?: ReactNode;
  /** The text when the form's options failed without a message of the server's. */
  optionsFailed?: string;
  children: ReactNode;
}) {
  const { t, initial, safety, options } = record;
  return (
    <RecordFormCard safety={safety} onSubmit={onSubmit} label={initial ? t("form.editLabel") : t("form.newLabel")}>
      <Stack gap="md">
        <FormCancel onClick={safety.cancel} disabled={pending}>
          {t("form.cancel")}
        </FormCancel>
        {heading ? (
          <Title order={2} size="h3">
            {heading}
          </Title>
        ) : null}
        {safety.banner}
        {options.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {errorMessage(options.error, optionsFailed)}
          </Alert>
        ) : null}
        {record.noProfile ? (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
            {t("form.noProfile")}
          </Alert>
        ) : null}
        {children}
        {initial ? null : <PhotoPicker picker={record.photos} />}
        <FormSubmit loading={pending} disabled={record.noProfile}>
          {initial ? t("form.saveChanges") : t("form.submit")}
        </FormSubmit>
      </Stack>
    </RecordFormCard>
  );
}
