import { can, EMERGENCY_CONTACT_LABELS, type ProjectStatus, projectSchema, projectStatusLabels, projectStatuses } from "@sitesafe/domain";
import { Button, Card, Group, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, Navigate, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { PageHeader } from "../../components/PageHeader";
import { FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { todayIso } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc, invalidateLists } from "../../lib/trpc";

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

const statusOptions = projectStatuses.map((s) => ({ value: s, label: projectStatusLabels[s] }));

function ProjectForm({ project }: { project?: Project }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const form = useForm<FormValues>({
    mode: "controlled",
    initialValues: initialValues(project),
    validate: schemaResolver(projectSchema, { sync: true }),
  });
  const back = project ? `/projects/${project.id}` : "/projects";
  const done = async (saved: Project) => {
    await Promise.all([invalidateLists(utils.projects), utils.projects.stats.invalidate(), utils.projects.byId.invalidate({ id: saved.id })]);
    void navigate({ to: "/projects/$id", params: { id: String(saved.id) } });
  };
  const create = trpc.projects.create.useMutation({
    onSuccess: (saved) => {
      notifySuccess("Project created", `${saved.name} has been created.`);
      void done(saved);
    },
    onError: (e) => notifyError("Failed to create project", errorMessage(e)),
  });
  const update = trpc.projects.update.useMutation({
    onSuccess: (saved) => {
      notifySuccess("Project updated", `${saved.name} has been updated.`);
      void done(saved);
    },
    onError: (e) => notifyError("Failed to update project", errorMessage(e)),
  });
  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    if (project) update.mutate({ id: project.id, ...values });
    else create.mutate(values);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card withBorder padding="lg" radius="md">
          <Title order={2} size="h4" mb="md">
            Project Details
          </Title>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Project Name" withAsterisk {...form.getInputProps("name")} />
              <TextInput label="Location" withAsterisk {...form.getInputProps("location")} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select label="Status" data={statusOptions} allowDeselect={false} withAsterisk {...form.getInputProps("status")} />
              <TextInput label="Start Date" type="date" withAsterisk {...form.getInputProps("startDate")} />
              <TextInput label="End Date" type="date" description="Optional" {...form.getInputProps("endDate")} />
            </SimpleGrid>
            <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.getInputProps("description")} />
          </Stack>
        </Card>

        <Card withBorder padding="lg" radius="md">
          <Title order={2} size="h4" mb="md">
            Safety Manager
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Name" autoComplete="off" {...form.getInputProps("safetyManagerName")} />
            <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps("safetyManagerEmail")} />
            <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps("safetyManagerPhone")} />
          </SimpleGrid>
        </Card>

        <Card withBorder padding="lg" radius="md">
          <Title order={2} size="h4" mb="md">
            Emergency Contacts
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {EMERGENCY_CONTACT_LABELS.map((label) => (
              <TextInput key={label} label={label} type="tel" placeholder="Phone number" {...form.getInputProps(`emergencyContactInfo.${label}`)} />
            ))}
          </SimpleGrid>
        </Card>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={back} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {project ? "Update Project" : "Create Project"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function BackButton({ to, label }: { to: string; label: string }) {
  return (
    <Button component={Link} to={to} variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0} mb="sm">
      {label}
    </Button>
  );
}

/** /projects/new. */
export function NewProjectPage() {
  const actor = useActor();
  if (!can(actor, "project.create")) return <Navigate to="/projects" replace />;
  return (
    <>
      <BackButton to="/projects" label="Back to Projects" />
      <PageHeader title="Add New Project" subtitle="A construction site, its safety manager and emergency contacts" />
      <ProjectForm />
    </>
  );
}

/** /projects/:id/edit. */
export function EditProjectPage({ id }: { id: number }) {
  const actor = useActor();
  const navigate = useNavigate();
  const allowed = can(actor, "project.update", { projectId: id });
  const query = trpc.projects.byId.useQuery({ id }, { enabled: allowed && Number.isInteger(id) && id > 0 });
  useEffect(() => {
    if (query.error || !(Number.isInteger(id) && id > 0)) {
      notifyError("Project not found", query.error ? errorMessage(query.error) : undefined);
      void navigate({ to: "/projects", replace: true });
    }
  }, [query.error, id, navigate]);
  if (!allowed) return <Navigate to="/projects" replace />;
  if (!query.data) return <FullPageSpinner />;
  return (
    <>
      <BackButton to={`/projects/${id}`} label="Back to Project" />
      <PageHeader title="Edit Project" subtitle={query.data.name} />
      <ProjectForm project={query.data} />
    </>
  );
}
