import { Badge, Button, Card, Group, Modal, Select, Skeleton, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type Credential, type CredentialState, can } from "@sitesafe/domain";
import { IconCertificate } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormDialog } from "../../components/FormDialog";
import { TitledCard } from "../../components/TitledCard";
import { useActor } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { PhotoStrip } from "../photos/PhotoStrip";

/**
 * A worker's credentials (issue #36) on their profile and on the staff's worker page: what is
 * required of them (apart from training), their cards with state and expiry, the card's photos
 * (the photo pipeline, from the phone camera), and staff's verify and reject. Controls follow the
 * domain's `can()`; the server enforces the same rules.
 */

const STATE_COLOR: Record<CredentialState, string> = { submitted: "yellow", verified: "green", rejected: "red", expired: "gray" };
const STANDING_COLOR = { met: "green", expiring: "orange", pending: "yellow", missing: "red" } as const;

/** The type's name in the screen's language. */
export function useTypeName() {
  const { i18n } = useTranslation();
  return (x: { typeNameEn: string; typeNameEs: string } | { nameEn: string; nameEs: string }) =>
    "typeNameEn" in x ? (i18n.language === "es" ? x.typeNameEs : x.typeNameEn) : i18n.language === "es" ? x.nameEs : x.nameEn;
}

export function CredentialsCard({ workerId }: { workerId: number }) {
  const { t } = useTranslation("credentials");
  const actor = useActor();
  const typeName = useTypeName();
  const list = trpc.credentials.ofWorker.useQuery({ workerId });
  const compliance = trpc.credentials.workerCompliance.useQuery({ workerId });
  const [adding, setAdding] = useState(false);
  const [photosOf, setPhotos] = useState<number | null>(null);
  const utils = trpc.useUtils();
  // Closing the photos refreshes the list: its rows count each card's photos.
  const setPhotosOf = (id: number | null) => {
    if (id === null) void utils.credentials.ofWorker.invalidate({ workerId });
    setPhotos(id);
  };
  const mayAdd = can(actor, "credential.create", { ownerWorkerId: workerId });

  return (
    <TitledCard
      icon={<IconCertificate size={20} />}
      title={t("title")}
      testId="credentials"
      action={
        mayAdd ? (
          <Button size="xs" onClick={() => setAdding(true)} data-testid="add-credential">
            {t("add")}
          </Button>
        ) : null
      }
    >
      <Text size="xs" c="dimmed" mb="sm">
        {t("subtitle")}
      </Text>

      <RequiredCredentials compliance={compliance.data} loading={compliance.isPending} />

      {list.isPending ? (
        <Skeleton h={60} mt="sm" />
      ) : list.error ? (
        <Text c="red" size="sm">
          {errorMessage(list.error, t("failed"))}
        </Text>
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t("empty")}
        </Text>
      ) : (
        <Stack gap="xs" mt="sm">
          {list.data.map((c) => (
            <CredentialRow key={c.id} credential={c} typeName={typeName(c)} onPhotos={() => setPhotosOf(c.id)} />
          ))}
        </Stack>
      )}

      <AddCredential
        workerId={workerId}
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(id) => {
          setAdding(false);
          setPhotosOf(id);
        }}
      />
      <Modal opened={photosOf !== null} onClose={() => setPhotosOf(null)} title={t("cardPhotos")} centered>
        {photosOf !== null ? (
          <Stack>
            <PhotoStrip
              record={{ kind: "credential", id: photosOf }}
              facts={{ projectId: null, ownerWorkerId: workerId, kind: "credential" }}
              title={t("cardPhotos")}
            />
            <Button onClick={() => setPhotosOf(null)} data-testid="credential-photos-done">
              {t("done")}
            </Button>
          </Stack>
        ) : null}
      </Modal>
    </TitledCard>
  );
}

function RequiredCredentials({
  compliance,
  loading,
}: {
  compliance:
    | {
        required: number;
        met: number;
        expiringSoon: number;
        items: {
          credentialTypeId: number;
          typeNameEn: string;
          typeNameEs: string;
          standing: keyof typeof STANDING_COLOR;
          blocking: boolean;
        }[];
      }
    | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation("credentials");
  const typeName = useTypeName();
  if (loading) return <Skeleton h={30} />;
  if (!compliance) return null;
  return (
    <Card withBorder padding="sm" radius="sm" data-testid="credential-compliance">
      <Text size="sm" fw={600}>
        {t("compliance.title")}
      </Text>
      {compliance.required === 0 ? (
        <Text size="xs" c="dimmed">
          {t("compliance.none")}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {t("compliance.summary", { met: compliance.met, required: compliance.required })}
            {compliance.expiringSoon > 0 ? ` · ${t("compliance.expiring", { count: compliance.expiringSoon })}` : ""}
          </Text>
          <Group gap={6} mt={6}>
            {compliance.items.map((i) => (
              <Badge
                key={i.credentialTypeId}
                color={STANDING_COLOR[i.standing]}
                variant="light"
                size="sm"
                style={{ textTransform: "none" }}
              >
                {typeName(i)}: {t(`compliance.standing.${i.standing}`)}
                {i.blocking ? ` (${t("compliance.blocking")})` : ""}
              </Badge>
            ))}
          </Group>
        </>
      )}
    </Card>
  );
}

function CredentialRow({ credential: c, typeName, onPhotos }: { credential: Credential; typeName: string; onPhotos: () => void }) {
  const { t } = useTranslation("credentials");
  const actor = useActor();
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.credentials.ofWorker.invalidate({ workerId: c.workerId });
    void utils.credentials.workerCompliance.invalidate({ workerId: c.workerId });
  };
  const [rejecting, setRejecting] = useState(false);
  const [removing, setRemoving] = useState(false);
  /** Each decision says so, closes its dialog and reloads the worker's credentials. */
  const decided = (message: string, close?: () => void) => ({
    onSuccess: () => {
      notifySuccess(message);
      close?.();
      refresh();
    },
    onError: (e: unknown) => notifyError(errorMessage(e)),
  });
  const verify = trpc.credentials.verify.useMutation(decided(t("verified")));
  const reject = trpc.credentials.reject.useMutation(decided(t("rejected"), () => setRejecting(false)));
  const remove = trpc.credentials.delete.useMutation(decided(t("removed"), () => setRemoving(false)));
  const [reason, setReason] = useState("");
  const mayDecide = c.status === "submitted" && can(actor, "credential.verify", { ownerWorkerId: c.workerId });
  const mayRemove = can(actor, "credential.delete", { ownerWorkerId: c.workerId, status: c.status });
  const mayPhoto = can(actor, "credential.create", { ownerWorkerId: c.workerId });

  return (
    <Card withBorder padding="sm" radius="sm" data-testid="credential">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {typeName}
          </Text>
          <Text size="xs" c="dimmed">
            {[c.number, c.issuer].filter(Boolean).join(" · ")}
          </Text>
          <Text size="xs" c="dimmed">
            {c.expiryDate ? t("expires", { date: formatDate(`${c.expiryDate}T12:00:00`) }) : t("noExpiry")}
          </Text>
          {c.status === "verified" && c.verifiedByName ? (
            <Text size="xs" c="dimmed">
              {t("verifiedBy", { name: c.verifiedByName })}
            </Text>
          ) : null}
          {c.status === "rejected" && c.rejectionReason ? (
            <Text size="xs" c="red">
              {t("rejectedBecause", { reason: c.rejectionReason })}
            </Text>
          ) : null}
        </div>
        <Badge color={STATE_COLOR[c.state]} variant="light" style={{ flexShrink: 0 }} data-testid="credential-state">
          {t(`state.${c.state}`)}
        </Badge>
      </Group>
      <Group gap="xs" mt="xs">
        <Button size="compact-xs" variant="default" onClick={onPhotos} disabled={!mayPhoto && c.photoCount === 0}>
          {t("cardPhotos")} ({c.photoCount})
        </Button>
        {mayDecide ? (
          <>
            <Button size="compact-xs" color="green" loading={verify.isPending} onClick={() => verify.mutate({ id: c.id })}>
              {t("verify")}
            </Button>
            <Button size="compact-xs" color="red" variant="light" onClick={() => setRejecting(true)}>
              {t("reject")}
            </Button>
          </>
        ) : null}
        {mayRemove ? (
          <Button size="compact-xs" color="red" variant="subtle" onClick={() => setRemoving(true)}>
            {t("remove")}
          </Button>
        ) : null}
      </Group>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t("rejectTitle")} centered>
        <Textarea
          label={t("reason")}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-path="reason"
          autosize
          minRows={2}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRejecting(false)}>
            {t("cancel")}
          </Button>
          <Button color="red" loading={reject.isPending} onClick={() => reject.mutate({ id: c.id, reason })}>
            {t("reject")}
          </Button>
        </Group>
      </Modal>
      <ConfirmDialog
        opened={removing}
        title={t("removeTitle")}
        message={t("removeMessage")}
        confirmLabel={t("remove")}
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id: c.id })}
        onClose={() => setRemoving(false)}
      />
    </Card>
  );
}

interface CredentialForm {
  credentialTypeId: string;
  number: string;
  issuer: string;
  issueDate: string;
  expiryDate: string;
}

function AddCredential({
  workerId,
  opened,
  onClose,
  onSaved,
}: {
  workerId: number;
  opened: boolean;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation("credentials");
  const typeName = useTypeName();
  const types = trpc.credentials.types.useQuery(undefined, { enabled: opened });
  const utils = trpc.useUtils();
  const form = useForm<CredentialForm>({
    initialValues: { credentialTypeId: "", number: "", issuer: "", issueDate: "", expiryDate: "" },
  });
  const create = trpc.credentials.create.useMutation({
    onSuccess: (created) => {
      notifySuccess(t("saved"), t("savedAddPhotos"));
      void utils.credentials.ofWorker.invalidate({ workerId });
      void utils.credentials.workerCompliance.invalidate({ workerId });
      form.reset();
      onSaved(created.id);
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t("addTitle")}
      onSubmit={form.onSubmit((v) =>
        create.mutate({
          workerId,
          credentialTypeId: Number(v.credentialTypeId),
          number: v.number,
          issuer: v.issuer,
          issueDate: v.issueDate,
          expiryDate: v.expiryDate,
        }),
      )}
      centered
      actions={{ cancelLabel: t("cancel"), submitLabel: t("save"), loading: create.isPending, testId: "save-credential" }}
    >
      <Select
        label={t("type")}
        placeholder={t("selectType")}
        withAsterisk
        searchable
        data={(types.data ?? []).map((x) => ({ value: String(x.id), label: typeName(x) }))}
        {...form.getInputProps("credentialTypeId")}
        data-path="credentialTypeId"
      />
      <TextInput label={t("number")} {...form.getInputProps("number")} data-path="number" />
      <TextInput label={t("issuer")} {...form.getInputProps("issuer")} data-path="issuer" />
      <TextInput type="date" label={t("issueDate")} {...form.getInputProps("issueDate")} data-path="issueDate" />
      <TextInput
        type="date"
        label={t("expiryDate")}
        description={t("expiryHint")}
        {...form.getInputProps("expiryDate")}
        data-path="expiryDate"
      />
    </FormDialog>
  );
}
