import {
  type EstablishmentSize,
  establishmentSchema,
  establishmentSizeLabels,
  establishmentSizes,
  type EstablishmentType,
  establishmentTypeLabels,
  establishmentTypes,
} from "@sitesafe/domain";
import { Alert, Badge, Button, Card, Checkbox, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { schemaResolver } from "../../lib/validation";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/States";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";

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

const toPayload = (v: Values) => ({ ...v, size: Number(v.size), establishmentType: Number(v.establishmentType), projectIds: v.projectIds.map(Number) });

function EstablishmentForm({ initial, onDone }: { initial: Establishment | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const options = trpc.incidents.formOptions.useQuery();
  const done = (what: string) => {
    notifySuccess(what);
    void utils.osha.invalidate();
    onDone();
  };
  const create = trpc.osha.createEstablishment.useMutation({ onSuccess: () => done("Establishment added") });
  const update = trpc.osha.updateEstablishment.useMutation({ onSuccess: () => done("Establishment saved") });
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
        <TextInput label="Establishment name" withAsterisk {...form.getInputProps("name")} />
        <TextInput label="Company name" {...form.getInputProps("companyName")} />
        <TextInput label="Street address" withAsterisk {...form.getInputProps("streetAddress")} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="City" withAsterisk {...form.getInputProps("city")} />
          <TextInput label="State" withAsterisk maxLength={2} {...form.getInputProps("state")} />
          <TextInput label="ZIP code" withAsterisk {...form.getInputProps("zip")} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="NAICS code (6 digits)" withAsterisk {...form.getInputProps("naicsCode")} />
          <TextInput label="EIN (9 digits)" {...form.getInputProps("ein")} />
        </SimpleGrid>
        <TextInput label="Industry description" {...form.getInputProps("industryDescription")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select label="Size (for ITA)" allowDeselect={false} data={establishmentSizes.map((s) => ({ value: String(s), label: establishmentSizeLabels[s] }))} {...form.getInputProps("size")} />
          <Select label="Type (for ITA)" allowDeselect={false} data={establishmentTypes.map((t) => ({ value: String(t), label: establishmentTypeLabels[t] }))} {...form.getInputProps("establishmentType")} />
        </SimpleGrid>
        <MultiSelect
          label="Projects at this establishment"
          description="A project expected to last a year or more is its own establishment; shorter ones roll up to the company establishment."
          searchable
          data={(options.data?.projects ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          {...form.getInputProps("projectIds")}
        />
        <Checkbox label="Company establishment (collects projects without an establishment)" {...form.getInputProps("isCompanyDefault", { type: "checkbox" })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Establishments: the company office and long projects, with their address, NAICS code and projects. */
export function EstablishmentsTab({ establishments }: { establishments: Establishment[] }) {
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<Establishment | "new" | null>(null);
  const [deleting, setDeleting] = useState<Establishment | null>(null);
  const remove = trpc.osha.deleteEstablishment.useMutation({
    onSuccess: () => {
      setDeleting(null);
      notifySuccess("Establishment deleted");
      void utils.osha.invalidate();
    },
    onError: (e) => {
      setDeleting(null);
      notifyError("Could not delete", errorMessage(e));
    },
  });
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          Add establishment
        </Button>
      </Group>
      {establishments.length === 0 ? <EmptyState title="No establishments yet" message="Start with the company establishment: your office, which also collects short projects." /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {establishments.map((e) => (
          <Card key={e.id} withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb={4}>
              <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
                {e.name}
              </Title>
              {e.isCompanyDefault ? <Badge variant="light">Company</Badge> : null}
            </Group>
            <Text size="sm" c="dimmed">
              {e.streetAddress}, {e.city}, {e.state} {e.zip}
            </Text>
            <Text size="sm" mt={4}>
              NAICS {e.naicsCode} · {establishmentSizeLabels[e.size as EstablishmentSize]} · {establishmentTypeLabels[e.establishmentType as EstablishmentType].split(" (")[0]}
            </Text>
            <Text size="sm" mt={4} c={e.projects.length ? undefined : "dimmed"}>
              Projects: {e.projects.length ? e.projects.map((p) => p.name).join(", ") : "none"}
            </Text>
            <Group gap="xs" mt="sm">
              <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={() => setEditing(e)}>
                Edit
              </Button>
              <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(e)}>
                Delete
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? "Add establishment" : "Edit establishment"} size="lg">
        {editing !== null ? <EstablishmentForm initial={editing === "new" ? null : editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete establishment"
        message={`Delete "${deleting?.name ?? ""}"? An establishment with hours or recordable cases on file is kept for five years and cannot be deleted.`}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
