import { Button, Card, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type HotWorkPermitData, isStaff, type PermitStatus, permitStatuses } from "@sitesafe/domain";
import { IconCalendarEvent, IconMapPin, IconPlus, IconUser } from "@tabler/icons-react";
import { Link, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGuardedDialogClose } from "../../components/FormSafety";
import { FullPageSpinner } from "../../components/FullPageSpinner";
import { ProjectTabs, RecordListPage, useNewRecord, usePagedList } from "../../components/record/RecordList";
import { SearchBox } from "../../components/SearchBox";
import { useActor } from "../../lib/auth";
import { useIsMobile } from "../../lib/device";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, invalidateLists, type RouterOutputs, trpc } from "../../lib/trpc";
import { useOutboxMutation } from "../outbox/useOutboxMutation";
import { PermitStatusBadge } from "./PermitStatusBadge";

// The form and its schemas load when it opens, not with the list (issue #37: the list is what a phone
// shows first; the service worker keeps the form's chunk for offline use).
const PermitForm = lazy(() => import("./PermitForm").then((m) => ({ default: m.PermitForm })));

type PermitListing = RouterOutputs["permits"]["page"]["items"][number];

/** The product's redirect delay after a submit, update or delete. */
export const PERMIT_REDIRECT_MS = 500;

/** /forms/hot-work-permits: search, project tabs, permit cards and the request form. */
export function PermitListPage() {
  const { t } = useTranslation("permits");
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const isMobile = useIsMobile();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [tab, setTab] = useState<string | null>("all");
  const request = useNewRecord("permit.new", t("list.draftWhat"));
  const [status, setStatus] = useState<PermitStatus | null>(null);
  const closeRequest = useCallback(() => request.setCreating(false), []);
  const requestClose = useGuardedDialogClose(closeRequest);
  const actor = useActor();
  const staff = actor ? isStaff(actor) : false;

  // Staff see the review queue first: pending permits, then the rest, newest first.
  const filters = {
    search: debounced || undefined,
    projectId: tab === "all" || tab === null ? undefined : Number(tab),
    status: status ?? undefined,
    pendingFirst: staff || undefined,
  };
  const paged = usePagedList(filters, (input, keep) => trpc.permits.page.useQuery(input, keep));
  // The tabs: the projects this person may see, by name (no compliance figures needed here).
  const options = trpc.permits.formOptions.useQuery();

  const create = useOutboxMutation("permits.create", {
    onSuccess: (created) => {
      notifySuccess(t("list.submittedTitle"), t("list.submittedMessage"));
      request.setCreating(false);
      void invalidateLists(utils.permits);
      utils.permits.byId.setData({ id: created.id }, created);
      // The requester lands on the new permit (not the dashboard) to see it pending.
      void navigate({ to: "/forms/hot-work-permits/$id", params: { id: String(created.id) } });
    },
    onError: (error) => notifyError(t("list.submitFailed"), errorMessage(error)),
  });
  const requestButton = (variant?: "light") => (
    <Button
      leftSection={variant ? undefined : <IconPlus size={18} />}
      variant={variant}
      color="orange"
      onClick={() => request.setCreating("new")}
    >
      {t("list.requestButton")}
    </Button>
  );

  return (
    <>
      <RecordListPage
        ns="permits"
        paged={paged}
        csv={{ path: "/api/hot-work-permits", filters }}
        actions={requestButton()}
        above={request.notice}
        stacked
        failed={t("list.loadFailed")}
        empty={{
          message: debounced || tab !== "all" || status ? t("list.emptyFiltered") : t("list.emptyNone"),
          action: requestButton("light"),
        }}
        renderItem={(permit) => <PermitCard key={permit.id} permit={permit} />}
      >
        <SearchBox placeholder={t("list.searchPlaceholder")} label={t("list.searchLabel")} value={search} onSearch={setSearch} />
        <Select
          label={t("list.status")}
          placeholder={t("list.allStatuses")}
          data={permitStatuses.map((value) => ({ value, label: t(`labels.status.${value}`) }))}
          value={status}
          onChange={(value) => setStatus((value as PermitStatus | null) ?? null)}
          clearable
          w={{ base: "100%", sm: 240 }}
          data-testid="permit-status-filter"
        />
        <ProjectTabs
          projects={options.data?.projects ?? []}
          allLabel={t("list.allProjects")}
          scrollbarSize={6}
          value={tab}
          onChange={setTab}
        />
      </RecordListPage>

      <Modal
        opened={request.creating !== false}
        onClose={requestClose.close}
        title={t("list.requestTitle")}
        size="xl"
        fullScreen={isMobile}
        closeOnClickOutside={false}
        // Escape and this close button go through the form, which asks first when it was changed.
      >
        {request.creating ? (
          <Suspense fallback={<FullPageSpinner />}>
            <PermitForm
              submitLabel={t("list.submitRequest")}
              continueDraft={request.creating === "draft"}
              submitting={create.isPending}
              onSubmit={(data: HotWorkPermitData) => create.mutateAsync(data)}
              onCancel={closeRequest}
              registerClose={requestClose.register}
            />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}

function PermitCard({ permit }: { permit: PermitListing }) {
  const { t } = useTranslation("permits");
  return (
    <Card withBorder radius="md" padding="lg" data-testid="permit-card">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text
            renderRoot={(props) => <Link {...props} to="/forms/hot-work-permits/$id" params={{ id: String(permit.id) }} />}
            fw={600}
            lineClamp={2}
            style={{ color: "inherit", textDecoration: "none" }}
          >
            {permit.title}
          </Text>
          <PermitStatusBadge status={permit.status} size="sm" />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {permit.projectName}
        </Text>
        <Group gap={6} wrap="nowrap">
          <IconMapPin size={16} style={{ flexShrink: 0 }} />
          <Text size="sm" lineClamp={1}>
            {permit.location}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconCalendarEvent size={16} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            {formatDateTime(permit.startDate)} – {formatDateTime(permit.endDate)}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconUser size={16} style={{ flexShrink: 0 }} />
          <Text size="sm" lineClamp={1}>
            {permit.requesterName ?? t("list.unknownRequester")}
          </Text>
        </Group>
        <Button
          renderRoot={(props) => <Link {...props} to="/forms/hot-work-permits/$id" params={{ id: String(permit.id) }} />}
          variant="light"
          color="orange"
          mt="auto"
          fullWidth
        >
          {t("list.viewDetails")}
        </Button>
      </Stack>
    </Card>
  );
}
