import {
  ActionIcon,
  Alert,
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import {
  CARD_TAG_LIMIT,
  can,
  isPreviousVideo,
  isStaff,
  isThisWeekVideo,
  isUpcomingVideo,
  relatedVideos,
  videoMatches,
} from "@sitesafe/domain";
import { IconAlertCircle, IconArrowLeft, IconCheck, IconEdit, IconPlayerPlay, IconPlus, IconSearch, IconVideo } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { CardGridSkeleton, EmptyState, ErrorState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDate, formatDateTime, formatDuration } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { QUEUED_MESSAGE, QUEUED_TITLE, sentOrQueued, useOutboxMutation } from "../outbox/useOutboxMutation";
import { type SafetyVideo, VideoFormDialog } from "./VideoFormDialog";
import { type PlayerReporting, VideoPlayer } from "./VideoPlayer";

type WorkerVideo = RouterOutputs["videos"]["workerVideos"][number];
type Tab = "this-week" | "upcoming" | "previous" | "required";

const emptyKey = {
  "this-week": "page.emptyThisWeek",
  upcoming: "page.emptyUpcoming",
  previous: "page.emptyPrevious",
  required: "page.emptyRequired",
} as const satisfies Record<Tab, string>;

/** /videos?vid=&wid= : weekly safety videos with the player, progress and the admin dialogs. */
export function VideosPage({ vid, wid }: { vid: number | undefined; wid: number | undefined }) {
  const { t } = useTranslation("videos");
  const actor = useActor();
  const staff = actor ? isStaff(actor) : false;
  const navigate = useNavigate({ from: "/videos" });
  const utils = trpc.useUtils();
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState<Tab>("this-week");
  const [dialog, setDialog] = useState<{ opened: boolean; video: SafetyVideo | null }>({ opened: false, video: null });

  const videos = trpc.videos.list.useQuery();
  const workers = trpc.training.workerSummaries.useQuery(undefined, { enabled: staff });
  // Staff view progress as ?wid=, else the first worker in the list; a worker sees their own.
  const progressWorkerId = staff ? (wid ?? workers.data?.[0]?.workerId ?? null) : (actor?.workerId ?? null);
  const canRecord = actor?.workerId != null && actor.workerId === progressWorkerId;
  const progress = trpc.videos.workerVideos.useQuery({ workerId: progressWorkerId ?? 0 }, { enabled: progressWorkerId !== null });
  const required = trpc.videos.requiredVideos.useQuery({ workerId: progressWorkerId ?? 0 }, { enabled: progressWorkerId !== null });
  const byVideo = new Map<number, WorkerVideo>((progress.data ?? []).map((p) => [p.videoId, p]));

  const createProgress = useOutboxMutation("videos.createProgress");
  const updateProgress = trpc.videos.updateProgress.useMutation();
  const selfAttest = trpc.videos.selfAttest.useMutation();
  const attest = async (videoId: number) => {
    if (!canRecord || progressWorkerId === null) return;
    try {
      const saved = await selfAttest.mutateAsync({ workerId: progressWorkerId, videoId });
      utils.videos.workerVideos.setData({ workerId: progressWorkerId }, (old) => [
        ...(old ?? []).filter((p) => p.videoId !== videoId),
        saved,
      ]);
      notifySuccess(t("page.progressUpdated"), t("page.selfAttestedSaved"));
    } catch (error) {
      notifyError(t("page.saveFailed"), errorMessage(error));
    }
  };
  const saveProgress = async (videoId: number, watchedPercentage: number) => {
    if (!canRecord || progressWorkerId === null) return;
    try {
      const input = { workerId: progressWorkerId, videoId, watchedPercentage };
      // Offline, or with no answer, the progress waits in the Outbox (features/outbox).
      const outcome = await (byVideo.has(videoId)
        ? sentOrQueued(updateProgress.mutateAsync(input), () => createProgress.send(input))
        : createProgress.send(input));
      if (!outcome.sent) return notifySuccess(QUEUED_TITLE, QUEUED_MESSAGE);
      const saved = outcome.data;
      utils.videos.workerVideos.setData({ workerId: progressWorkerId }, (old) => [
        ...(old ?? []).filter((p) => p.videoId !== videoId),
        saved,
      ]);
      if (saved.status === "completed") void utils.videos.requiredVideos.invalidate();
    } catch (error) {
      notifyError(t("page.saveFailed"), errorMessage(error));
    }
  };

  const all = videos.data ?? [];
  const now = new Date();
  const matching = all.filter((v) => videoMatches(v, search));
  const lists: Record<Tab, SafetyVideo[]> = {
    "this-week": matching.filter((v) => isThisWeekVideo(v, now)),
    upcoming: matching.filter((v) => isUpcomingVideo(v, now)),
    previous: matching.filter((v) => isPreviousVideo(v, now)),
    required: (required.data ?? []).filter((v) => videoMatches(v, search)),
  };
  const selected = vid !== undefined ? all.find((v) => v.id === vid) : undefined;
  const viewedWorker = staff ? workers.data?.find((w) => w.workerId === progressWorkerId) : undefined;

  const select = (id: number | undefined) => {
    void navigate({ search: (prev) => ({ ...prev, vid: id }) });
    window.scrollTo({ top: 0 });
  };
  const openEdit = (video: SafetyVideo) => setDialog({ opened: true, video });

  const header = (
    <PageHeader
      title={t("page.title")}
      subtitle={t("page.subtitle")}
      actions={
        can(actor, "video.manage") ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ opened: true, video: null })}>
            {t("page.addVideo")}
          </Button>
        ) : null
      }
    />
  );

  const workerPicker =
    staff && workers.data?.length ? (
      <Select
        label={t("page.viewingFor")}
        data={workers.data.map((w) => ({ value: String(w.workerId), label: `${w.firstName} ${w.lastName}` }))}
        value={progressWorkerId ? String(progressWorkerId) : null}
        allowDeselect={false}
        searchable
        w={{ base: "100%", sm: 260 }}
        onChange={(v) => v && void navigate({ search: (prev) => ({ ...prev, wid: Number(v) }) })}
      />
    ) : null;

  const dialogs = <VideoFormDialog opened={dialog.opened} video={dialog.video} onClose={() => setDialog({ opened: false, video: null })} />;

  if (vid !== undefined) {
    return (
      <>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0} mb="md" onClick={() => select(undefined)}>
          {t("page.back")}
        </Button>
        {videos.isPending ? (
          <CardGridSkeleton count={1} />
        ) : !selected ? (
          <EmptyState title={t("page.notFoundTitle")} message={t("page.notFoundMessage")} />
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <SelectedVideo
                video={selected}
                record={byVideo.get(selected.id)}
                canRecord={canRecord}
                viewerNote={
                  canRecord
                    ? null
                    : staff
                      ? viewedWorker
                        ? t("page.showingProgress", { name: `${viewedWorker.firstName} ${viewedWorker.lastName}` })
                        : t("page.noWorkersFound")
                      : t("page.noProfileNote")
                }
                onProgress={(pct) => void saveProgress(selected.id, pct)}
                onAttest={() => void attest(selected.id)}
                onEdit={can(actor, "video.manage") ? () => openEdit(selected) : undefined}
                saving={selfAttest.isPending}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Title order={2} size="h4" mb="sm">
                {t("page.related")}
              </Title>
              <Stack gap="sm">
                {relatedVideos(selected, all).map((v) => (
                  <UnstyledButton key={v.id} onClick={() => select(v.id)}>
                    <Group wrap="nowrap" gap="sm" align="flex-start">
                      <Thumbnail video={v} width={120} />
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} lineClamp={2}>
                          {v.title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatDuration(v.duration)} · {formatDate(v.publishedAt)}
                        </Text>
                      </div>
                    </Group>
                  </UnstyledButton>
                ))}
                {all.length <= 1 ? (
                  <Text size="sm" c="dimmed">
                    {t("page.noRelated")}
                  </Text>
                ) : null}
              </Stack>
            </Grid.Col>
          </Grid>
        )}
        {dialogs}
      </>
    );
  }

  return (
    <>
      {header}
      <Group align="flex-end" mb="md" gap="sm" wrap="wrap">
        <TextInput
          placeholder={t("page.searchPlaceholder")}
          aria-label={t("page.searchLabel")}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: "1 1 260px" }}
        />
        {workerPicker}
      </Group>
      {staff && workers.data && workers.data.length === 0 ? (
        <Alert color="gray" mb="md" icon={<IconAlertCircle size={18} />}>
          {t("page.noWorkersAlert")}
        </Alert>
      ) : null}

      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)}>
        <Tabs.List mb="md" style={{ flexWrap: "nowrap", overflowX: "auto" }}>
          <Tabs.Tab value="this-week">{t("page.tabThisWeek")}</Tabs.Tab>
          <Tabs.Tab value="upcoming">{t("page.tabUpcoming")}</Tabs.Tab>
          <Tabs.Tab value="previous">{t("page.tabPrevious")}</Tabs.Tab>
          <Tabs.Tab
            value="required"
            rightSection={
              required.data?.length ? (
                <Badge size="xs" color="red" circle>
                  {required.data.length}
                </Badge>
              ) : null
            }
          >
            {t("page.tabRequired")}
          </Tabs.Tab>
        </Tabs.List>

        {(Object.keys(lists) as Tab[]).map((key) => (
          <Tabs.Panel key={key} value={key}>
            {videos.isPending || (key === "required" && progressWorkerId !== null && required.isPending) ? (
              <CardGridSkeleton />
            ) : videos.isError ? (
              <ErrorState message={errorMessage(videos.error, t("page.loadFailed"))} onRetry={() => void videos.refetch()} />
            ) : key === "required" && progressWorkerId === null ? (
              <EmptyState
                title={staff ? t("page.noWorkersFound") : t("page.profileNotFound")}
                message={staff ? t("page.requiredPerWorker") : t("page.requiredWorkersOnly")}
              />
            ) : lists[key].length === 0 ? (
              <EmptyState title={t(emptyKey[key])} icon={<IconVideo size={26} />} />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {lists[key].map((v) => (
                  <VideoCard
                    key={v.id}
                    video={v}
                    record={byVideo.get(v.id)}
                    onOpen={() => select(v.id)}
                    onEdit={can(actor, "video.manage") ? () => openEdit(v) : undefined}
                  />
                ))}
              </SimpleGrid>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      {dialogs}
    </>
  );
}

function Thumbnail({ video, width }: { video: SafetyVideo; width?: number }) {
  // Offline, or a removed video: a neutral placeholder instead of a broken image.
  const [broken, setBroken] = useState(false);
  const content =
    video.thumbnail && !broken ? (
      <Image src={video.thumbnail} alt="" fit="cover" h="100%" w="100%" onError={() => setBroken(true)} />
    ) : (
      <Center bg="dark.6" h="100%">
        <IconPlayerPlay size={width && width < 200 ? 20 : 36} color="white" />
      </Center>
    );
  return (
    <AspectRatio ratio={16 / 9} w={width} style={{ flexShrink: 0, borderRadius: 6, overflow: "hidden" }}>
      {content}
    </AspectRatio>
  );
}

function ProgressBadge({ record }: { record: WorkerVideo | undefined }) {
  const { t } = useTranslation("videos");
  const tracked =
    !record || record.status === "not_watched" ? (
      <Badge variant="light" color="gray">
        {t("labels.status.not_watched")}
      </Badge>
    ) : record.status === "completed" ? (
      <Badge variant="light" color="green" leftSection={<IconCheck size={12} />}>
        {t("labels.status.completed")}
      </Badge>
    ) : (
      <Badge variant="light" color="blue">
        {t("page.watchedPercent", { pct: record.watchedPercentage })}
      </Badge>
    );
  if (!record?.selfAttestedAt || record.status === "completed") return tracked;
  // Kept apart from tracked completion: the player did not report this.
  return (
    <>
      {tracked}
      <Badge variant="outline" color="grape" title={t("page.selfAttestedOn", { date: formatDateTime(record.selfAttestedAt) })}>
        {t("page.selfAttested")}
      </Badge>
    </>
  );
}

function VideoCard({
  video,
  record,
  onOpen,
  onEdit,
}: {
  video: SafetyVideo;
  record: WorkerVideo | undefined;
  onOpen: () => void;
  onEdit?: (() => void) | undefined;
}) {
  const { t } = useTranslation("videos");
  return (
    <Card withBorder radius="md" padding="sm" data-testid="video-card">
      <Card.Section>
        <UnstyledButton onClick={onOpen} w="100%" aria-label={t("page.play", { title: video.title })}>
          <Thumbnail video={video} />
        </UnstyledButton>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <UnstyledButton onClick={onOpen} mih={44} style={{ minWidth: 0, display: "flex", alignItems: "center" }}>
            <Text fw={600} lineClamp={2}>
              {video.title}
            </Text>
          </UnstyledButton>
          {onEdit ? (
            <Tooltip label={t("page.editVideo")} openDelay={700}>
              <ActionIcon variant="subtle" aria-label={t("page.editNamed", { title: video.title })} onClick={onEdit}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t("page.published", { duration: formatDuration(video.duration), date: formatDate(video.publishedAt) })}
        </Text>
        {video.requiredWatchByDate ? (
          <Text size="xs" c="dimmed">
            {t("page.watchBy", { date: formatDate(video.requiredWatchByDate) })}
          </Text>
        ) : null}
        <Group gap={6}>
          <ProgressBadge record={record} />
          {video.tags.slice(0, CARD_TAG_LIMIT).map((tag) => (
            <Badge key={tag} variant="outline" color="gray" size="sm">
              {tag}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

function SelectedVideo({
  video,
  record,
  canRecord,
  viewerNote,
  onProgress,
  onAttest,
  onEdit,
  saving,
}: {
  video: SafetyVideo;
  record: WorkerVideo | undefined;
  canRecord: boolean;
  viewerNote: string | null;
  onProgress: (pct: number) => void;
  onAttest: () => void;
  onEdit?: (() => void) | undefined;
  saving: boolean;
}) {
  const { t } = useTranslation("videos");
  const [reporting, setReporting] = useState<PlayerReporting>("loading");
  useEffect(() => setReporting("loading"), [video.id]);
  // Only where the player cannot report progress, and stored as self-attested.
  const offerAttest = canRecord && reporting === "unavailable" && record?.status !== "completed" && !record?.selfAttestedAt;
  return (
    <Stack gap="sm">
      <VideoPlayer
        key={video.id}
        url={video.url}
        title={video.title}
        watched={record?.watchedPercentage ?? 0}
        onProgress={canRecord ? onProgress : undefined}
        onReporting={setReporting}
      />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={1} size="h3" style={{ flex: "1 1 240px" }}>
          {video.title}
        </Title>
        <Group gap="xs">
          {onEdit ? (
            <Button variant="default" size="xs" leftSection={<IconEdit size={14} />} onClick={onEdit}>
              {t("page.edit")}
            </Button>
          ) : null}
          {offerAttest ? (
            <Button variant="default" leftSection={<IconCheck size={16} />} loading={saving} onClick={onAttest}>
              {t("page.attest")}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group gap="xs">
        <ProgressBadge record={record} />
        <Text size="sm" c="dimmed">
          {t("page.published", { duration: formatDuration(video.duration), date: formatDateTime(video.publishedAt) })}
          {video.requiredWatchByDate ? t("page.watchBySuffix", { date: formatDateTime(video.requiredWatchByDate) }) : ""}
        </Text>
      </Group>
      {offerAttest ? (
        <Text size="sm" c="dimmed">
          {t("page.attestHint")}
        </Text>
      ) : null}
      {viewerNote ? (
        <Alert color="gray" icon={<IconAlertCircle size={18} />}>
          {viewerNote}
        </Alert>
      ) : null}
      {video.description ? <Text style={{ whiteSpace: "pre-line" }}>{video.description}</Text> : null}
      {video.tags.length ? (
        <Group gap={6}>
          {video.tags.map((tag) => (
            <Badge key={tag} variant="light" color="orange">
              {tag}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
