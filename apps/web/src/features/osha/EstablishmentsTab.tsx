import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { establishmentSchema, establishmentSizes, establishmentTypes } from "@sitesafe/domain";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/States";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";

type Establishment = RouterOutputs["osha"]["establishments"][number];

interface Values {
  name: string;
  companyName: string;
  streetAddress: string;
  city: string;
  state: string;
  zip: string;
  naicsCode: string;
  industryDescription: string;
  ein: string;
  size: string;
  establishmentType: string;
  isCompanyDefault: boolean;
  projectIds: string[];
}

const toPayload = (v: Values) => ({
  ...v,
  size: Number(v.size),
  establishmentType: Number(v.establishmentType),
  projectIds: v.projectIds.map(Number),
});

function EstablishmentForm({ initial, onDone }: { initial: Establishment | null; onDone: () => void }) {
  const { t } = useTranslation("osha");
  const utils = trpc.useUtils();
  const options = trpc.incidents.formOptions.useQuery();
  const done = (what: string) => {
    notifySuccess(what);
    void utils.osha.invalidate();
    onDone();
  };
  const create = trpc.osha.createEstablishment.useMutation({ onSuccess: () => done(t("establishments.added")) });
  const update = trpc.osha.updateEstablishment.useMutation({ onSuccess: () => done(t("establishments.saved")) });
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: {
      name: initial?.name ?? "",
      companyName: initial?.companyName ?? "",
      streetAddress: initial?.streetAddress ?? "",
      city: initial?.city ?? "",
      state: initial?.state ?? "",
      zip: initial?.zip ?? "",
      naicsCode: initial?.naicsCode ?? "236220",
      industryDescription: initial?.industryDescription ?? "",
      ein: initial?.ein ?? "",
      size: String(initial?.size ?? 21),
      establishmentType: String(initial?.establishmentType ?? 1),
      isCompanyDefault: initial?.isCompanyDefault ?? false,
      // The company establishment lists the projects without one too; only its own are sent back.
      projectIds: initial && !initial.isCompanyDefault ? initial.projects.map((p) => String(p.id)) : [],
    },
    validate: (values) => schemaResolver(establishmentSchema, { sync: true })(toPayload(values) as never),
  });
  const error = create.error ?? update.error;
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        const payload = toPayload(values);
        if (initial) update.mutate({ id: initial.id, ...payload } as never);
        else create.mutate(payload as never);
      })}
    >
      <Stack gap="sm">
        {error ? <Alert color="red">{errorMessage(error)}</Alert> : null}
        <TextInput label={t("establishments.name")} withAsterisk {...form.getInputProps("name")} />
        <TextInput label={t("establishments.companyName")} {...form.getInputProps("companyName")} />
        <TextInput label={t("establishments.streetAddress")} withAsterisk {...form.getInputProps("streetAddress")} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label={t("establishments.city")} withAsterisk {...form.getInputProps("city")} />
          <TextInput label={t("establishments.state")} withAsterisk maxLength={2} {...form.getInputProps("state")} />
          <TextInput label={t("establishments.zip")} withAsterisk {...form.getInputProps("zip")} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t("establishments.naics")} withAsterisk {...form.getInputProps("naicsCode")} />
          <TextInput label={t("establishments.ein")} {...form.getInputProps("ein")} />
        </SimpleGrid>
        <TextInput label={t("establishments.industry")} {...form.getInputProps("industryDescription")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t("establishments.size")}
            allowDeselect={false}
            data={establishmentSizes.map((s) => ({ value: String(s), label: t(`labels.establishmentSize.${s}`) }))}
            {...form.getInputProps("size")}
          />
          <Select
            label={t("establishments.type")}
            allowDeselect={false}
            data={establishmentTypes.map((type) => ({ value: String(type), label: t(`labels.establishmentType.${type}`) }))}
            {...form.getInputProps("establishmentType")}
          />
        </SimpleGrid>
        <MultiSelect
          label={t("establishments.projects")}
          description={t("establishments.projectsDescription")}
          searchable
          data={(options.data?.projects ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          {...form.getInputProps("projectIds")}
        />
        <Checkbox label={t("establishments.companyDefault")} {...form.getInputProps("isCompanyDefault", { type: "checkbox" })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("establishments.cancel")}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t("establishments.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Establishments: the company office and long projects, with their address, NAICS code and projects. */
export function EstablishmentsTab({ establishments }: { establishments: Establishment[] }) {
  const { t } = useTranslation("osha");
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<Establishment | "new" | null>(null);
  const [deleting, setDeleting] = useState<Establishment | null>(null);
  const remove = trpc.osha.deleteEstablishment.useMutation({
    onSuccess: () => {
      setDeleting(null);
      notifySuccess(t("establishments.deleted"));
      void utils.osha.invalidate();
    },
    onError: (e) => {
      setDeleting(null);
      notifyError(t("establishments.deleteFailed"), errorMessage(e));
    },
  });
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          {t("establishments.add")}
        </Button>
      </Group>
      {establishments.length === 0 ? (
        <EmptyState title={t("establishments.emptyTitle")} message={t("establishments.emptyMessage")} />
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {establishments.map((e) => (
          <Card key={e.id} withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb={4}>
              <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
                {e.name}
              </Title>
              {e.isCompanyDefault ? <Badge variant="light">{t("establishments.company")}</Badge> : null}
            </Group>
            <Text size="sm" c="dimmed">
              {e.streetAddress}, {e.city}, {e.state} {e.zip}
            </Text>
            <Text size="sm" mt={4}>
              {t("establishments.naicsLine", {
                code: e.naicsCode,
                size: t(`labels.establishmentSize.${e.size as (typeof establishmentSizes)[number]}`),
                type: t(`labels.establishmentTypeShort.${e.establishmentType as (typeof establishmentTypes)[number]}`),
              })}
            </Text>
            <Text size="sm" mt={4} c={e.projects.length ? undefined : "dimmed"}>
              {t("establishments.projectsLine", {
                list: e.projects.length ? e.projects.map((p) => p.name).join(", ") : t("establishments.none"),
              })}
            </Text>
            <Group gap="xs" mt="sm">
              <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={() => setEditing(e)}>
                {t("establishments.edit")}
              </Button>
              <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(e)}>
                {t("establishments.delete")}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? t("establishments.addTitle") : t("establishments.editTitle")}
        size="lg"
      >
        {editing !== null ? <EstablishmentForm initial={editing === "new" ? null : editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("establishments.deleteTitle")}
        message={t("establishments.deleteMessage", { name: deleting?.name ?? "" })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
