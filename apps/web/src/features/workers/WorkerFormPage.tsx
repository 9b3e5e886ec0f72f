import { Autocomplete, Checkbox, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  can,
  FILL_REQUIRED_FIELDS,
  MANAGER_DEFAULT_COMPANY,
  MANAGER_DEFAULT_POSITION,
  MISSING_CREDENTIALS,
  MISSING_REQUIRED_FIELDS,
  managerCreateSchema,
  PASSWORD_HINT,
  projectStatusLabels,
  workerCreateSchema,
  workerEditFormSchema,
  workerFullName,
} from "@sitesafe/domain";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "../../components/BackLink";
import { FormButtons, FormSection } from "../../components/data/FormSection";
import { PageHeader } from "../../components/PageHeader";
import { FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { localizeMessage } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, invalidateLists, type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";

type Worker = RouterOutputs["workers"]["byId"];
type Mode = "create" | "edit" | "manager";

interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: string;
  company: string;
  hardhatNumber: string;
  emergencyContact: string;
  projectIds: string[];
  username: string;
  password: string;
}

const JOB_ROLES = [
  "Carpenter",
  "Electrician",
  "Plumber",
  "Laborer",
  "Equipment Operator",
  "Welder",
  "Ironworker",
  "Mason",
  "Roofer",
  "Foreman",
  "Site Supervisor",
  "Safety Manager",
  "Safety Administrator",
];

const REQUIRED = ["firstName", "lastName", "email", "role"];

function schemaFor(mode: Mode) {
  return mode === "edit" ? workerEditFormSchema : mode === "manager" ? managerCreateSchema : workerCreateSchema;
}

function WorkerForm({ mode, worker }: { mode: Mode; worker?: Worker }) {
  const { t } = useTranslation("workers");
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const projects = trpc.projects.options.useQuery();
  const form = useForm<FormValues>({
    mode: "controlled",
    initialValues: {
      firstName: worker?.firstName ?? "",
      lastName: worker?.lastName ?? "",
      email: worker?.email ?? "",
      phone: worker?.phone ?? "",
      role: worker?.role ?? (mode === "manager" ? MANAGER_DEFAULT_POSITION : ""),
      company: worker?.company ?? (mode === "manager" ? MANAGER_DEFAULT_COMPANY : ""),
      hardhatNumber: worker?.hardhatNumber ?? "",
      emergencyContact: worker?.emergencyContact ?? "",
      projectIds: (worker?.projectIds ?? []).map(String),
      username: "",
      password: "",
    },
    validate: schemaResolver(schemaFor(mode), { sync: true }),
  });

  const refresh = async (id: number) => {
    await Promise.all([
      invalidateLists(utils.workers),
      utils.workers.byId.invalidate({ id }),
      utils.workers.projects.invalidate({ id }),
      utils.projects.invalidate(),
    ]);
  };
  const onError = (title: string) => (e: unknown) => notifyError(title, errorMessage(e));
  const created = async (w: Worker, title: string) => {
    notifySuccess(title, t("form.created", { name: workerFullName(w), username: w.username ?? t("form.theirNewAccount") }));
    await refresh(w.id);
    void navigate({ to: mode === "manager" ? "/managers" : "/workers/$id", params: { id: String(w.id) } });
  };
  const create = trpc.workers.create.useMutation({
    onSuccess: (w) => created(w, t("form.workerCreated")),
    onError: onError(t("form.createWorkerFailed")),
  });
  const createManager = trpc.workers.createManager.useMutation({
    onSuccess: (w) => created(w, t("form.managerCreated")),
    onError: onError(t("form.createManagerFailed")),
  });
  const update = trpc.workers.update.useMutation({
    onSuccess: async (w) => {
      notifySuccess(t("form.updated"), t("form.updatedMessage", { name: workerFullName(w) }));
      await refresh(w.id);
      void navigate({ to: "/workers/$id", params: { id: String(w.id) } });
    },
    onError: onError(t("form.updateFailed")),
  });
  const pending = create.isPending || createManager.isPending || update.isPending;

  const submit = form.onSubmit(
    (values) => {
      const projectIds = values.projectIds.map(Number);
      const profile = {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        role: values.role,
        company: values.company,
        hardhatNumber: values.hardhatNumber,
        emergencyContact: values.emergencyContact,
        projectIds,
      };
      if (mode === "edit" && worker) update.mutate({ id: worker.id, ...profile });
      else if (mode === "manager") createManager.mutate({ ...profile, username: values.username, password: values.password });
      else create.mutate({ ...profile, username: values.username, password: values.password });
    },
    (errors) => {
      const fields = Object.keys(errors);
      if (REQUIRED.some((f) => fields.includes(f) && !form.getValues()[f as keyof FormValues].toString().trim())) {
        notifyError(localizeMessage(MISSING_REQUIRED_FIELDS), localizeMessage(FILL_REQUIRED_FIELDS));
      } else if (errors.username === localizeMessage(MISSING_CREDENTIALS) || errors.password === localizeMessage(MISSING_CREDENTIALS)) {
        notifyError(localizeMessage(MISSING_CREDENTIALS), t("form.credentialsHint"));
      }
    },
  );

  const selected = new Set(form.values.projectIds);
  const choices = (projects.data ?? []).filter((p) => p.status === "active" || selected.has(String(p.id)));
  const cancelTo = mode === "edit" && worker ? `/workers/${worker.id}` : mode === "manager" ? "/managers" : "/workers";

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormSection title={mode === "manager" ? t("form.managerDetails") : t("form.workerDetails")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("form.firstName")} withAsterisk autoComplete="off" {...form.getInputProps("firstName")} />
            <TextInput label={t("form.lastName")} withAsterisk autoComplete="off" {...form.getInputProps("lastName")} />
            <TextInput label={t("form.email")} type="email" withAsterisk autoComplete="off" {...form.getInputProps("email")} />
            <TextInput
              label={t("form.phone")}
              type="tel"
              description={t("form.phoneHint")}
              autoComplete="off"
              {...form.getInputProps("phone")}
            />
            {mode === "manager" ? (
              <TextInput label={t("form.jobRole")} value={MANAGER_DEFAULT_POSITION} readOnly disabled withAsterisk />
            ) : (
              <Autocomplete label={t("form.jobRole")} withAsterisk data={JOB_ROLES} {...form.getInputProps("role")} />
            )}
            <TextInput label={t("form.company")} {...form.getInputProps("company")} />
            <TextInput label={t("form.hardhat")} {...form.getInputProps("hardhatNumber")} />
            <TextInput
              label={t("form.emergencyContact")}
              placeholder={t("form.emergencyPlaceholder")}
              {...form.getInputProps("emergencyContact")}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t("form.activeProjects")} hint={t("form.activeProjectsHint")}>
          {projects.isPending ? (
            <Skeleton height={60} />
          ) : choices.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("form.noActiveProjects")}
            </Text>
          ) : (
            <Checkbox.Group {...form.getInputProps("projectIds")} aria-label={t("form.activeProjects")}>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
                {choices.map((p) => (
                  <Checkbox
                    key={p.id}
                    value={String(p.id)}
                    label={p.name}
                    description={
                      p.status === "active"
                        ? p.location
                        : `${p.location} · ${t(`projects:labels.status.${p.status}`, { defaultValue: projectStatusLabels[p.status] })}`
                    }
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        </FormSection>

        {mode !== "edit" ? (
          <FormSection title={t("form.loginAccount")} hint={mode === "manager" ? t("form.managerSignsIn") : t("form.workerSignsIn")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t("form.username")} withAsterisk autoComplete="off" {...form.getInputProps("username")} />
              <PasswordInput
                label={t("form.password")}
                withAsterisk
                autoComplete="new-password"
                description={localizeMessage(PASSWORD_HINT)}
                {...form.getInputProps("password")}
              />
            </SimpleGrid>
          </FormSection>
        ) : null}

        <FormButtons
          cancelTo={cancelTo}
          cancelLabel={t("form.cancel")}
          submitLabel={mode === "edit" ? t("form.updateWorker") : mode === "manager" ? t("form.createManager") : t("form.createWorker")}
          pending={pending}
        />
      </Stack>
    </form>
  );
}

/** /workers/new. */
export function NewWorkerPage() {
  const { t } = useTranslation("workers");
  const actor = useActor();
  if (!can(actor, "worker.create")) return <Navigate to="/" replace />;
  return (
    <>
      <BackLink to="/workers" label={t("form.backToWorkers")} />
      <PageHeader title={t("addWorker")} subtitle={t("form.newWorkerSubtitle")} />
      <WorkerForm mode="create" />
    </>
  );
}

/** /managers/new (admin only): position Safety Manager and the default company. */
export function NewManagerPage() {
  const { t } = useTranslation("workers");
  const actor = useActor();
  if (!can(actor, "manager.create")) return <Navigate to="/managers" replace />;
  return (
    <>
      <BackLink to="/managers" label={t("form.backToManagers")} />
      <PageHeader title={t("addManager")} subtitle={t("form.newManagerSubtitle")} />
      <WorkerForm mode="manager" />
    </>
  );
}

/** /workers/:id/edit. */
export function EditWorkerPage({ id }: { id: number }) {
  const { t } = useTranslation("workers");
  const actor = useActor();
  const navigate = useNavigate();
  const allowed = can(actor, "worker.update");
  const valid = Number.isInteger(id) && id > 0;
  const query = trpc.workers.byId.useQuery({ id }, { enabled: allowed && valid });
  useEffect(() => {
    if (allowed && (!valid || query.error)) {
      notifyError(t("form.notFound"), query.error ? errorMessage(query.error) : t("form.idMissing"));
      void navigate({ to: "/workers", replace: true });
    }
  }, [allowed, valid, query.error, navigate, t]);
  if (!allowed) return <Navigate to="/" replace />;
  if (!query.data) return <FullPageSpinner />;
  return (
    <>
      <BackLink to={`/workers/${id}`} label={t("form.backToWorker")} />
      <PageHeader title={t("form.editTitle")} subtitle={workerFullName(query.data)} />
      <WorkerForm mode="edit" worker={query.data} />
    </>
  );
}
