import { TextInput } from "@mantine/core";
import { createTemplateSchema } from "@sitesafe/domain";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/FormDialog";
import { localizeMessage } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";

/** Copy a template (any, built-in ones included) under a new name, then edit the copy (POST /api/inspection-templates with copyOf). */
export function CopyTemplateDialog({
  source,
  onClose,
}: {
  source: { id: number; name: string; language: "en" | "es" };
  onClose: () => void;
}) {
  const { t } = useTranslation("inspections");
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [name, setName] = useState(t("templates.copyName", { name: source.name }).slice(0, 200));
  const [error, setError] = useState<string | null>(null);
  const create = trpc.inspections.createTemplate.useMutation({
    onSuccess: (created) => {
      notifySuccess(t("templates.copied"));
      void utils.inspections.templates.invalidate();
      onClose();
      void navigate({ to: "/inspections/templates/$id", params: { id: String(created.id) } });
    },
    onError: (e) => {
      setError(errorMessage(e));
      notifyError(t("templates.createFailed"), errorMessage(e));
    },
  });
  const submit = () => {
    const input = { name, language: source.language, copyOf: source.id };
    const parsed = createTemplateSchema.safeParse(input);
    if (!parsed.success) {
      setError(localizeMessage(parsed.error.issues[0]?.message ?? ""));
      return;
    }
    create.mutate(input);
  };
  return (
    <FormDialog
      noValidate
      title={t("templates.copyTitle", { name: source.name })}
      onClose={onClose}
      onSubmit={submit}
      actions={{ submitLabel: t("templates.copy"), loading: create.isPending, testId: "copy-template-submit", size: "md" }}
    >
      <TextInput
        label={t("templates.name")}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
        error={error}
        size="md"
        data-autofocus
        data-path="name"
      />
    </FormDialog>
  );
}
