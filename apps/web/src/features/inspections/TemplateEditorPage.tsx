import { Alert, Badge, Button, Card, Group, List, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { can, createTemplateSchema, type TemplateContent, updateTemplateSchema } from "@sitesafe/domain";
import { IconCopy, IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { TRPCClientError } from "@trpc/client";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "../../components/BackLink";
import { useLeaveGuard } from "../../components/LeaveGuard";
import { PageHeader } from "../../components/PageHeader";
import { IconButton } from "../../components/record/IconButton";
import { ErrorState, FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { i18n, localizeMessage } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { scrollToFirstError } from "../../lib/scrollToFirstError";
import { errorMessage, errorStatus, trpc } from "../../lib/trpc";
import { CopyTemplateDialog } from "./CopyTemplateDialog";
import { MoveRemove, TemplateItem } from "./TemplateItem";
import { draftOf, moved, newItem, newSection, sectionsOf, type TemplateDraft } from "./templateDraft";

/**
 * /inspections/templates/:id and /inspections/templates/new: a template's sections and items. Staff
 * (`inspectionTemplate.manage`) edit a template that is not built in; Save is a new version
 * (earlier inspections keep theirs). A built-in template is shown read-only with "Copy".
 */
export function TemplateEditorPage({ id }: { id: number | "new" }) {
  const { t } = useTranslation("inspections");
  const actor = useActor();
  const query = trpc.inspections.template.useQuery({ id: id === "new" ? 0 : id }, { enabled: id !== "new" });
  const [copying, setCopying] = useState(false);
  const back = <BackLink to="/inspections/templates" label={t("templates.back")} />;
  if (id !== "new") {
    if (query.isPending) return <FullPageSpinner />;
    if (query.error) {
      return (
        <>
          {back}
          <ErrorState
            message={errorStatus(query.error) === 404 ? t("templates.notFound") : errorMessage(query.error, t("templates.notFound"))}
            onRetry={() => void query.refetch()}
          />
        </>
      );
    }
  }
  const template = id === "new" ? null : query.data;
  const manage = can(actor, "inspectionTemplate.manage");
  if (template && (template.builtin || !manage)) {
    return (
      <>
        {back}
        <PageHeader
          title={template.name}
          subtitle={`${t(`templates.language.${template.language}`)} · ${t("templates.version", { version: template.currentVersion })}`}
          actions={
            manage ? (
              <IconButton size="md" icon={IconCopy} iconSize={16} onClick={() => setCopying(true)} data-testid="copy-template">
                {t("templates.copy")}
              </IconButton>
            ) : null
          }
        />
        {copying ? <CopyTemplateDialog source={template} onClose={() => setCopying(false)} /> : null}
        {template.builtin ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="md" maw={960}>
            {t("templates.builtinNote")}
          </Alert>
        ) : null}
        <TemplateView sections={template.sections} />
      </>
    );
  }
  return (
    <>
      {back}
      <TemplateForm key={template ? `${template.id}-${template.currentVersion}` : "new"} template={template ?? null} />
    </>
  );
}

/** A version's sections, read-only. */
function TemplateView({ sections }: { sections: TemplateContent }) {
  const { t } = useTranslation("inspections");
  return (
    <Stack gap="md" maw={960}>
      {sections.map((section, s) => (
        <Card key={s} withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="sm">
            {section.title}
          </Title>
          <List spacing="xs" listStyleType="none">
            {section.items.map((item) => (
              <List.Item key={item.key}>
                <Text size="sm">{item.text}</Text>
                <Group gap={4} mt={2}>
                  <Badge variant="light" color="gray" size="sm">
                    {t(`templates.types.${item.type}`)}
                  </Badge>
                  <Badge variant="outline" size="sm">
                    {t("templates.weight")}: {item.weight}
                  </Badge>
                  <Badge variant="outline" color="orange" size="sm">
                    {t(`labels.priority.${item.priority}`)}
                  </Badge>
                </Group>
              </List.Item>
            ))}
          </List>
        </Card>
      ))}
    </Stack>
  );
}

interface Loaded {
  id: number;
  name: string;
  language: "en" | "es";
  currentVersion: number;
  sections: TemplateContent;
}

/** Zod's issues as the form's errors, in the UI's language (a key's error shows at its item's text). */
function errorsOf(issues: readonly { path: string; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.replace(/\.key$/, ".text") || "sections";
    errors[path] ??= localizeMessage(issue.message);
  }
  return errors;
}

const joined = (path: readonly PropertyKey[]) => path.map(String).join(".");

function TemplateForm({ template }: { template: Loaded | null }) {
  const { t } = useTranslation("inspections");
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [language, setLanguage] = useState<"en" | "es">(template?.language ?? (i18n.language === "es" ? "es" : "en"));
  const form = useForm<TemplateDraft>({
    initialValues: template
      ? draftOf(template.name, template.sections)
      : { name: "", sections: [newSection(t("templates.untitledSection"))] },
    validate: (values) => {
      const input = { id: template?.id ?? 1, name: values.name, sections: sectionsOf(values) };
      const parsed = updateTemplateSchema.safeParse(input);
      return parsed.success ? {} : errorsOf(parsed.error.issues.map((i) => ({ path: joined(i.path), message: i.message })));
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  // Leaving with unsaved changes asks first (a link, the back gesture, a reload), as record forms do.
  const guard = useLeaveGuard(form.isDirty());
  const serverErrors = (error: unknown) => {
    guard.hold();
    const issues =
      error instanceof TRPCClientError ? (error.data as { issues?: { path: string; message: string }[] } | undefined)?.issues : undefined;
    if (issues && issues.length > 0) {
      form.setErrors(errorsOf(issues));
      scrollToFirstError(formRef.current);
    }
    notifyError(t("templates.saveFailed"), errorMessage(error));
  };
  const update = trpc.inspections.updateTemplate.useMutation({
    onSuccess: (saved) => {
      notifySuccess(
        t("templates.saved", { version: saved.currentVersion }),
        t("templates.savedMessage", { version: saved.currentVersion }),
      );
      void utils.inspections.templates.invalidate();
      utils.inspections.template.setData({ id: saved.id }, saved);
      // Saved: what is on screen is the new version, nothing left to lose.
      form.resetDirty();
      guard.hold();
    },
    onError: serverErrors,
  });
  const create = trpc.inspections.createTemplate.useMutation({
    onSuccess: (created) => {
      notifySuccess(t("templates.created"));
      void utils.inspections.templates.invalidate();
      void navigate({ to: "/inspections/templates/$id", params: { id: String(created.id) } });
    },
    onError: serverErrors,
  });
  const save = form.onSubmit(
    (values) => {
      guard.release();
      const sections = sectionsOf(values);
      if (template) update.mutate({ id: template.id, name: values.name, sections });
      else {
        const input = { name: values.name, language, sections };
        if (createTemplateSchema.safeParse(input).success) create.mutate(input);
      }
    },
    () => scrollToFirstError(formRef.current),
  );
  const pending = update.isPending || create.isPending;
  const sections = form.values.sections;
  const topErrors = ["sections", "id", "language"].map((path) => form.errors[path]).filter(Boolean);

  return (
    <form onSubmit={save} noValidate ref={formRef}>
      {guard.dialog}
      <PageHeader
        title={template ? template.name : t("templates.newTitle")}
        subtitle={
          template
            ? `${t(`templates.language.${template.language}`)} · ${t("templates.version", { version: template.currentVersion })}`
            : undefined
        }
      />
      <Stack gap="md" maw={960}>
        {template ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="version-note">
            {t("templates.versionNote", { next: template.currentVersion + 1 })}
          </Alert>
        ) : null}
        {topErrors.length > 0 ? (
          <Alert color="red" variant="light" data-testid="template-errors">
            {topErrors.map((message) => (
              <Text key={String(message)} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: template ? 1 : 2 }}>
          <TextInput label={t("templates.name")} withAsterisk size="md" {...form.getInputProps("name")} data-path="name" />
          {template ? null : (
            <Select
              label={t("templates.languageLabel")}
              size="md"
              data={(["en", "es"] as const).map((l) => ({ value: l, label: t(`templates.language.${l}`) }))}
              value={language}
              onChange={(v) => setLanguage(v === "es" ? "es" : "en")}
              allowDeselect={false}
              data-path="language"
            />
          )}
        </SimpleGrid>

        {sections.map((section, s) => (
          <Card key={section.uid} withBorder radius="md" padding="md" data-testid="template-section">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Title order={2} size="h4">
                  {t("templates.section", { number: s + 1 })}
                </Title>
                <MoveRemove
                  index={s}
                  count={sections.length}
                  onMove={(by) => form.setFieldValue("sections", moved(sections, s, by))}
                  onRemove={() => form.removeListItem("sections", s)}
                  removeLabel={t("templates.removeSection")}
                />
              </Group>
              <TextInput
                label={t("templates.sectionTitle")}
                withAsterisk
                size="md"
                {...form.getInputProps(`sections.${s}.title`)}
                data-path={`sections.${s}.title`}
              />
              {section.items.map((item, i) => (
                <TemplateItem key={item.uid} form={form} section={s} index={i} />
              ))}
              {form.errors[`sections.${s}.items`] ? (
                <Text size="sm" c="red">
                  {form.errors[`sections.${s}.items`]}
                </Text>
              ) : null}
              <IconButton
                variant="light"
                size="md"
                icon={IconPlus}
                iconSize={16}
                onClick={() => form.insertListItem(`sections.${s}.items`, newItem())}
                data-testid="add-item"
              >
                {t("templates.addItem")}
              </IconButton>
            </Stack>
          </Card>
        ))}
        <IconButton
          variant="default"
          size="md"
          icon={IconPlus}
          iconSize={16}
          onClick={() => form.insertListItem("sections", newSection())}
          data-testid="add-section"
        >
          {t("templates.addSection")}
        </IconButton>
        {Object.keys(form.errors).length > 0 ? (
          <Text size="sm" c="red">
            {t("templates.fixErrors")}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={() => void navigate({ to: "/inspections/templates" })}>
            {t("templates.cancel")}
          </Button>
          <Button type="submit" size="md" loading={pending} data-testid="save-template">
            {template ? t("templates.save") : t("templates.saveNew")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
