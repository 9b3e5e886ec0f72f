import { Button, FileInput, Group, Progress, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { can, formatFileSize, SAFETY_PLAN_ACCEPT } from "@sitesafe/domain";
import { IconDownload, IconFileText, IconTrash, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { IconSection } from "../../components/data/IconSection";
import { useActor } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { i18n } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, errorStatus, invalidateLists, trpc } from "../../lib/trpc";
import { checkPlanFile, safetyPlanDownloadUrl, uploadSafetyPlan } from "./uploadSafetyPlan";

/** Every screen that shows plans refreshes after an upload or delete. */
function useRefreshPlans() {
  const utils = trpc.useUtils();
  return (projectId: number) =>
    Promise.all([
      utils.projects.safetyPlan.invalidate({ id: projectId }),
      utils.projects.byId.invalidate({ id: projectId }),
      utils.projects.safetyPlans.invalidate(),
      invalidateLists(utils.projects),
    ]);
}

/** File picker, optional description and a real upload progress bar. */
export function SafetyPlanUploader({ projectId, replacing, onDone }: { projectId: number; replacing: boolean; onDone?: () => void }) {
  const { t } = useTranslation("projects");
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const refresh = useRefreshPlans();

  const submit = async () => {
    const problem = checkPlanFile(file);
    if (problem || !file) {
      notifyError(problem?.title ?? t("plan.noFile"), problem?.message);
      return;
    }
    setProgress(0);
    try {
      await uploadSafetyPlan(projectId, file, description, setProgress).promise;
      await refresh(projectId);
      notifySuccess(t("plan.uploaded"), t("plan.uploadedMessage", { name: file.name }));
      setFile(null);
      setDescription("");
      onDone?.();
    } catch (error) {
      notifyError(t("plan.uploadFailed"), errorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <Stack gap="xs" data-testid="safety-plan-uploader">
      <FileInput
        label={replacing ? t("plan.newFile") : t("plan.file")}
        placeholder={t("plan.choose")}
        accept={SAFETY_PLAN_ACCEPT}
        value={file}
        onChange={setFile}
        clearable
        disabled={busy}
        leftSection={<IconFileText size={16} />}
        description={t("plan.fileHint")}
        data-testid="safety-plan-file"
      />
      <TextInput
        label={t("plan.description")}
        placeholder={t("plan.optional")}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        disabled={busy}
        maxLength={1000}
      />
      {busy ? (
        <Stack gap={4}>
          <Progress value={progress} animated aria-label={t("plan.uploadingLabel", { percent: progress })} />
          <Text size="xs" c="dimmed">
            {t("plan.uploading", { percent: progress })}
          </Text>
        </Stack>
      ) : null}
      <Group justify="flex-end">
        <Button leftSection={<IconUpload size={16} />} onClick={submit} loading={busy} disabled={!file}>
          {replacing ? t("plan.replace") : t("plan.upload")}
        </Button>
      </Group>
    </Stack>
  );
}

/** Delete with confirmation; a plan that is already gone counts as deleted. */
export function useDeletePlan(projectId: number, onDone?: () => void) {
  const refresh = useRefreshPlans();
  return trpc.projects.deleteSafetyPlan.useMutation({
    onSuccess: async () => {
      await refresh(projectId);
      notifySuccess(i18n.t("projects:plan.deleted"), i18n.t("projects:plan.deletedMessage"));
      onDone?.();
    },
    onError: async (e) => {
      if (errorStatus(e) === 404) {
        await refresh(projectId);
        onDone?.();
        return;
      }
      notifyError(i18n.t("projects:plan.deleteFailed"), errorMessage(e));
    },
  });
}

/** The project's safety plan: what it is, download, replace and delete (staff). */
export function SafetyPlanCard({ projectId, hasSafetyPlan }: { projectId: number; hasSafetyPlan: boolean }) {
  const { t } = useTranslation("projects");
  const actor = useActor();
  const plan = trpc.projects.safetyPlan.useQuery({ id: projectId }, { enabled: hasSafetyPlan });
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePlan(projectId, () => setConfirming(false));
  const mayUpload = can(actor, "safetyPlan.upload", { projectId });
  const mayDelete = can(actor, "safetyPlan.delete", { projectId });
  const current = hasSafetyPlan ? plan.data : undefined;

  return (
    <IconSection icon={<IconFileText size={20} />} title={t("plan.title")} testId="safety-plan-card">
      {hasSafetyPlan && plan.isPending ? (
        <Skeleton height={48} />
      ) : current ? (
        <Stack gap={6} mb={mayUpload ? "md" : 0}>
          <Text fw={600} style={{ wordBreak: "break-word" }} data-testid="safety-plan-name">
            {current.fileName}
          </Text>
          <Text size="sm" c="dimmed">
            {current.uploadedByName
              ? t("plan.uploadedBy", {
                  size: formatFileSize(current.fileSize),
                  date: formatDate(current.uploadedAt),
                  name: current.uploadedByName,
                })
              : t("plan.uploadedOn", { size: formatFileSize(current.fileSize), date: formatDate(current.uploadedAt) })}
          </Text>
          {current.description ? <Text size="sm">{current.description}</Text> : null}
          <Group gap="xs" mt={4}>
            <Button
              component="a"
              href={safetyPlanDownloadUrl(projectId)}
              download={current.fileName}
              variant="light"
              leftSection={<IconDownload size={16} />}
              data-testid="safety-plan-download"
            >
              {t("plan.download")}
            </Button>
            {mayDelete ? (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
                {t("plan.delete")}
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mb={mayUpload ? "md" : 0}>
          {hasSafetyPlan && plan.error ? errorMessage(plan.error) : t("plan.none")}
        </Text>
      )}
      {mayUpload ? <SafetyPlanUploader projectId={projectId} replacing={Boolean(current)} /> : null}
      <ConfirmDialog
        opened={confirming}
        title={t("plan.deleteTitle")}
        message={t("plan.deleteMessage", { name: current?.fileName ?? t("plan.thisPlan") })}
        confirmLabel={t("plan.delete")}
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id: projectId })}
        onClose={() => setConfirming(false)}
      />
    </IconSection>
  );
}
