import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { CREDENTIAL_IMPORT_COLUMNS, type CredentialImportReport, type CredentialRequirement, can } from "@sitesafe/domain";
import { IconCheck, IconFileUpload, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormDialog } from "../../components/FormDialog";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, ErrorState, ListSkeleton } from "../../components/States";
import { useActor } from "../../lib/auth";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { useTypeName } from "./CredentialsCard";

/**
 * /admin/credentials (issue #36, docs/product.md "Credentials"): staff's screen for the credential
 * types, which types positions and projects require, and the CSV import with its per-row report.
 * Each part shows only when the domain's `can()` allows its action; the server enforces the same.
 */
export function CredentialsAdminPage() {
  const { t } = useTranslation("credentials");
  const actor = useActor();
  const mayImport = can(actor, "credential.import");
  const mayRequire = can(actor, "credentialRequirement.manage");
  const mayType = can(actor, "credentialType.create");

  return (
    <>
      <PageHeader title={t("admin.title")} subtitle={t("admin.subtitle")} />
      {!mayImport && !mayRequire && !mayType ? (
        <EmptyState title={t("admin.notAllowed")} />
      ) : (
        <Grid gap="md">
          {mayImport ? (
            <Grid.Col span={12}>
              <ImportSection />
            </Grid.Col>
          ) : null}
          {mayRequire ? (
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <RequirementsSection />
            </Grid.Col>
          ) : null}
          {mayType ? (
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <TypesSection />
            </Grid.Col>
          ) : null}
        </Grid>
      )}
    </>
  );
}

function Section({ title, testId, action, children }: { title: string; testId: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

// ---- CSV import

function ImportSection() {
  const { t } = useTranslation("credentials");
  const utils = trpc.useUtils();
  const [csv, setCsv] = useState("");
  const [report, setReport] = useState<CredentialImportReport | null>(null);
  const run = trpc.credentials.import.useMutation({
    onSuccess: (r) => {
      setReport(r);
      if (r.imported > 0) notifySuccess(t("admin.import.done", { count: r.imported }));
      void utils.credentials.invalidate();
    },
    onError: (e) => {
      setReport(null);
      notifyError(t("admin.import.failed"), errorMessage(e));
    },
  });
  const choose = (file: File | null) => {
    if (file) void file.text().then(setCsv);
  };

  return (
    <Section title={t("admin.import.title")} testId="credential-import">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("admin.import.help")}
        </Text>
        <Text size="xs" ff="monospace" style={{ overflowWrap: "anywhere" }}>
          {CREDENTIAL_IMPORT_COLUMNS.join(",")}
        </Text>
        <Textarea
          label={t("admin.import.paste")}
          autosize
          minRows={4}
          maxRows={12}
          value={csv}
          onChange={(e) => setCsv(e.currentTarget.value)}
          data-path="csv"
          styles={{ input: { fontFamily: "monospace" } }}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <FileButton onChange={choose} accept=".csv,text/csv">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconFileUpload size={16} />}>
                {t("admin.import.choose")}
              </Button>
            )}
          </FileButton>
          <Button
            onClick={() => run.mutate({ csv })}
            loading={run.isPending}
            disabled={csv.trim() === ""}
            w={{ base: "100%", xs: "auto" }}
            data-testid="import-send"
          >
            {t("admin.import.send")}
          </Button>
        </Group>
        {report ? <ImportReport report={report} /> : null}
      </Stack>
    </Section>
  );
}

function ImportReport({ report }: { report: CredentialImportReport }) {
  const { t } = useTranslation("credentials");
  return (
    <Stack gap="xs" data-testid="import-report">
      <Alert color={report.refused.length ? "yellow" : "green"} icon={<IconCheck size={18} />} data-testid="import-summary">
        {t("admin.import.summary", { imported: report.imported, refused: report.refused.length })}
      </Alert>
      {report.refused.map((r) => (
        <Card key={`${r.line}-${r.column ?? ""}-${r.message}`} withBorder padding="xs" radius="sm" data-testid="import-refused">
          <Group gap="xs" wrap="wrap">
            <Badge color="red" variant="light">
              {t("admin.import.line", { line: r.line })}
            </Badge>
            {r.column ? (
              <Badge color="gray" variant="light">
                {t("admin.import.column", { column: r.column })}
              </Badge>
            ) : null}
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {r.message}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

// ---- requirements

interface RequirementForm {
  scope: "position" | "project";
  position: string;
  projectId: string;
  credentialTypeId: string;
  blocking: boolean;
}

function RequirementsSection() {
  const { t } = useTranslation("credentials");
  const typeName = useTypeName();
  const utils = trpc.useUtils();
  const list = trpc.credentials.requirements.useQuery();
  const types = trpc.credentials.types.useQuery();
  const projects = trpc.projects.options.useQuery();
  const [removing, setRemoving] = useState<CredentialRequirement | null>(null);
  const form = useForm<RequirementForm>({
    initialValues: { scope: "position", position: "", projectId: "", credentialTypeId: "", blocking: false },
  });
  const refresh = () => utils.credentials.invalidate();
  const create = trpc.credentials.createRequirement.useMutation({
    onSuccess: () => {
      notifySuccess(t("admin.requirements.added"));
      form.setValues({ credentialTypeId: "", blocking: false });
      void refresh();
    },
    onError: (e) => notifyError(t("admin.requirements.addFailed"), errorMessage(e)),
  });
  const remove = trpc.credentials.deleteRequirement.useMutation({
    onSuccess: () => {
      setRemoving(null);
      notifySuccess(t("admin.requirements.removed"));
      void refresh();
    },
    onError: (e) => {
      setRemoving(null);
      notifyError(errorMessage(e));
    },
  });
  const v = form.values;
  const ready = v.credentialTypeId !== "" && (v.scope === "position" ? v.position.trim() !== "" : v.projectId !== "");
  const rows = list.data ?? [];
  const byPosition = rows.filter((r) => r.position !== null);
  const byProject = rows.filter((r) => r.projectId !== null);

  const group = (title: string, items: CredentialRequirement[], scope: string) => (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("admin.requirements.none")}
        </Text>
      ) : (
        items.map((r) => (
          <Group key={r.id} justify="space-between" wrap="nowrap" gap="xs" data-testid={`requirement-${scope}`}>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {typeName(r)}
              </Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed" truncate>
                  {r.position ?? r.projectName}
                </Text>
                {r.blocking ? (
                  <Badge size="xs" color="red" variant="light">
                    {t("compliance.blocking")}
                  </Badge>
                ) : null}
              </Group>
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => setRemoving(r)}
              aria-label={t("admin.requirements.removeNamed", { name: typeName(r) })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))
      )}
    </Stack>
  );

  return (
    <Section title={t("admin.requirements.title")} testId="credential-requirements">
      <form
        onSubmit={form.onSubmit((x) =>
          create.mutate({
            credentialTypeId: Number(x.credentialTypeId),
            position: x.scope === "position" ? x.position : null,
            projectId: x.scope === "project" ? Number(x.projectId) : null,
            blocking: x.blocking,
          }),
        )}
      >
        <Stack gap="sm" mb="md">
          <SegmentedControl
            fullWidth
            data={[
              { value: "position", label: t("admin.requirements.position") },
              { value: "project", label: t("admin.requirements.project") },
            ]}
            {...form.getInputProps("scope")}
            data-testid="requirement-scope"
          />
          {v.scope === "position" ? (
            <TextInput
              label={t("admin.requirements.position")}
              placeholder={t("admin.requirements.positionHint")}
              {...form.getInputProps("position")}
              data-path="position"
            />
          ) : (
            <Select
              label={t("admin.requirements.project")}
              placeholder={t("admin.requirements.selectProject")}
              searchable
              data={(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              {...form.getInputProps("projectId")}
              data-path="projectId"
            />
          )}
          <Select
            label={t("type")}
            placeholder={t("selectType")}
            searchable
            data={(types.data ?? []).map((x) => ({ value: String(x.id), label: typeName(x) }))}
            {...form.getInputProps("credentialTypeId")}
            data-path="credentialTypeId"
          />
          <Switch
            label={t("admin.requirements.blocking")}
            description={t("admin.requirements.blockingHint")}
            {...form.getInputProps("blocking", { type: "checkbox" })}
            data-path="blocking"
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!ready}
              loading={create.isPending}
              w={{ base: "100%", xs: "auto" }}
              data-testid="add-requirement"
            >
              {t("admin.requirements.add")}
            </Button>
          </Group>
        </Stack>
      </form>
      {list.isPending ? (
        <ListSkeleton rows={3} />
      ) : list.error ? (
        <ErrorState message={errorMessage(list.error, t("failed"))} onRetry={() => void list.refetch()} />
      ) : (
        <Stack gap="md">
          {group(t("admin.requirements.byPosition"), byPosition, "position")}
          {group(t("admin.requirements.byProject"), byProject, "project")}
        </Stack>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t("admin.requirements.removeTitle")}
        message={
          removing
            ? t("admin.requirements.removeMessage", { name: typeName(removing), where: removing.position ?? removing.projectName })
            : ""
        }
        confirmLabel={t("remove")}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
        onClose={() => setRemoving(null)}
      />
    </Section>
  );
}

// ---- types

interface TypeForm {
  nameEn: string;
  nameEs: string;
  validityMonths: number | string;
}

function TypesSection() {
  const { t } = useTranslation("credentials");
  const typeName = useTypeName();
  const types = trpc.credentials.types.useQuery();
  const [adding, setAdding] = useState(false);
  return (
    <Section
      title={t("admin.types.title")}
      testId="credential-types"
      action={
        <Button size="xs" onClick={() => setAdding(true)} data-testid="add-type">
          {t("admin.types.add")}
        </Button>
      }
    >
      {types.isPending ? (
        <ListSkeleton rows={4} />
      ) : types.error ? (
        <ErrorState message={errorMessage(types.error, t("failed"))} onRetry={() => void types.refetch()} />
      ) : (
        <Stack gap={6}>
          {types.data.map((x) => (
            <Group key={x.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="credential-type">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {typeName(x)}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {x.nameEn} · {x.nameEs}
                </Text>
              </div>
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {x.validityMonths ? t("admin.types.months", { count: x.validityMonths }) : t("admin.types.noValidity")}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <AddType opened={adding} onClose={() => setAdding(false)} />
    </Section>
  );
}

function AddType({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("credentials");
  const utils = trpc.useUtils();
  const form = useForm<TypeForm>({ initialValues: { nameEn: "", nameEs: "", validityMonths: "" } });
  const create = trpc.credentials.createType.useMutation({
    onSuccess: () => {
      notifySuccess(t("admin.types.added"));
      form.reset();
      void utils.credentials.types.invalidate();
      onClose();
    },
    onError: (e) => notifyError(t("admin.types.addFailed"), errorMessage(e)),
  });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t("admin.types.addTitle")}
      onSubmit={form.onSubmit((v) =>
        create.mutate({ nameEn: v.nameEn, nameEs: v.nameEs, validityMonths: v.validityMonths === "" ? null : Number(v.validityMonths) }),
      )}
      centered
      actions={{ cancelLabel: t("cancel"), submitLabel: t("save"), loading: create.isPending, testId: "save-type" }}
    >
      <TextInput label={t("admin.types.nameEn")} withAsterisk maxLength={100} {...form.getInputProps("nameEn")} data-path="nameEn" />
      <TextInput label={t("admin.types.nameEs")} withAsterisk maxLength={100} {...form.getInputProps("nameEs")} data-path="nameEs" />
      <NumberInput
        label={t("admin.types.validity")}
        description={t("admin.types.validityHint")}
        min={1}
        max={240}
        allowDecimal={false}
        {...form.getInputProps("validityMonths")}
        data-path="validityMonths"
      />
    </FormDialog>
  );
}
