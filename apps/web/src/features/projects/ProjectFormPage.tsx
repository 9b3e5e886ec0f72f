import { Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { can, EMERGENCY_CONTACT_LABELS, type ProjectStatus, projectSchema, projectStatuses, projectStatusLabels } from "@sitesafe/domain";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "../../components/BackLink";
import { FormButtons, FormSection } from "../../components/data/FormSection";
import { PageHeader } from "../../components/PageHeader";
import { FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { todayIso } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, invalidateLists, type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";

type Project = RouterOutputs["projects"]["byId"];

interface FormValues {
  name: string;
  location: string;
  status: ProjectStatus;
  description: string;
  startDate: string;
  endDate: string;
  safetyManagerName: string;
  safetyManagerEmail: string;
  safetyManagerPhone: string;
  emergencyContactInfo: Record<string, string>;
}

function initialValues(project?: Project): FormValues {
  const contacts: Record<string, string> = Object.fromEntries(EMERGENCY_CONTACT_LABELS.map((l) => [l, ""]));
  return {
    name: project?.name ?? "",
    location: project?.location ?? "",
    status: project?.status ?? "active",
    description: project?.description ?? "",
    startDate: project?.startDate ?? todayIso(),
    endDate: project?.endDate ?? "",
    safetyManagerName: project?.safetyManagerName ?? "",
    safetyManagerEmail: project?.safetyManagerEmail ?? "",
    safetyManagerPhone: project?.safetyManagerPhone ?? "",
    emergencyContactInfo: { ...contacts, ...(project?.emergencyContactInfo ?? {}) },
  };
}

function ProjectForm({ project }: { project?: Project }) {
  const { t } = useTranslation("projects");
  const statusOptions = projectStatuses.map((s) => ({
    value: s,
    label: t(`labels.status.${s}`, { defaultValue: projectStatusLabels[s] }),
  }));
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const form = useForm<FormValues>({
    mode: "controlled",
    initialValues: initialValues(project),
    validate: schemaResolver(projectSchema, { sync: true }),
  });
  const back = project ? `/projects/${project.id}` : "/projects";
  const done = async (saved: Project) => {
    await Promise.all([
      invalidateLists(utils.projects),
      utils.projects.stats.invalidate(),
      utils.projects.byId.invalidate({ id: saved.id }),
    ]);
    void navigate({ to: "/projects/$id", params: { id: String(saved.id) } });
  };
  const create = trpc.projects.create.useMutation({
    onSuccess: (saved) => {
      notifySuccess(t("form.created"), t("form.createdMessage", { name: saved.name }));
      void done(saved);
    },
    onError: (e) => notifyError(t("form.createFailed"), errorMessage(e)),
  });
  const update = trpc.projects.update.useMutation({
    onSuccess: (saved) => {
      notifySuccess(t("form.updated"), t("form.updatedMessage", { name: saved.name }));
      void done(saved);
    },
    onError: (e) => notifyError(t("form.updateFailed"), errorMessage(e)),
  });
  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    if (project) update.mutate({ id: project.id, ...values });
    else create.mutate(values);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormSection title={t("form.details")}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t("form.name")} withAsterisk {...form.getInputProps("name")} />
              <TextInput label={t("form.location")} withAsterisk {...form.getInputProps("location")} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select label={t("form.status")} data={statusOptions} allowDeselect={false} withAsterisk {...form.getInputProps("status")} />
              <TextInput label={t("form.startDate")} type="date" withAsterisk {...form.getInputProps("startDate")} />
              <TextInput label={t("form.endDate")} type="date" description={t("form.optional")} {...form.getInputProps("endDate")} />
            </SimpleGrid>
            <Textarea label={t("form.description")} autosize minRows={3} maxRows={10} {...form.getInputProps("description")} />
          </Stack>
        </FormSection>

        <FormSection title={t("form.safetyManager")}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t("form.managerName")} autoComplete="off" {...form.getInputProps("safetyManagerName")} />
            <TextInput label={t("form.managerEmail")} type="email" autoComplete="off" {...form.getInputProps("safetyManagerEmail")} />
            <TextInput label={t("form.managerPhone")} type="tel" autoComplete="off" {...form.getInputProps("safetyManagerPhone")} />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t("form.emergencyContacts")}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {EMERGENCY_CONTACT_LABELS.map((label) => (
              <TextInput
                key={label}
                label={t(`labels.emergency.${label}`, { defaultValue: label })}
                type="tel"
                placeholder={t("form.phoneNumber")}
                {...form.getInputProps(`emergencyContactInfo.${label}`)}
              />
            ))}
          </SimpleGrid>
        </FormSection>

        <FormButtons
          cancelTo={back}
          cancelLabel={t("form.cancel")}
          submitLabel={project ? t("form.update") : t("form.create")}
          pending={pending}
        />
      </Stack>
    </form>
  );
}

/** /projects/new. */
export function NewProjectPage() {
  const { t } = useTranslation("projects");
  const actor = useActor();
  if (!can(actor, "project.create")) return <Navigate to="/projects" replace />;
  return (
    <>
      <BackLink to="/projects" label={t("detail.back")} />
      <PageHeader title={t("form.newTitle")} subtitle={t("form.newSubtitle")} />
      <ProjectForm />
    </>
  );
}

/** /projects/:id/edit. */
export function EditProjectPage({ id }: { id: number }) {
  const { t } = useTranslation("projects");
  const actor = useActor();
  const navigate = useNavigate();
  const allowed = can(actor, "project.update", { projectId: id });
  const query = trpc.projects.byId.useQuery({ id }, { enabled: allowed && Number.isInteger(id) && id > 0 });
  useEffect(() => {
    if (query.error || !(Number.isInteger(id) && id > 0)) {
      notifyError(t("detail.notFound"), query.error ? errorMessage(query.error) : undefined);
      void navigate({ to: "/projects", replace: true });
    }
  }, [query.error, id, navigate, t]);
  if (!allowed) return <Navigate to="/projects" replace />;
  if (!query.data) return <FullPageSpinner />;
  return (
    <>
      <BackLink to={`/projects/${id}`} label={t("detail.backToProject")} />
      <PageHeader title={t("form.editTitle")} subtitle={query.data.name} />
      <ProjectForm project={query.data} />
    </>
  );
}
