import { Button, Stack, Tabs, Text } from "@mantine/core";
import { type Actor, type CommentFilter, DASHBOARD_COMMENT_PREVIEW } from "@sitesafe/domain";
import { IconMessagePlus } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListSkeleton } from "../../components/States";
import { trpc } from "../../lib/trpc";
import { CommentItem } from "../comments/CommentItem";
import { SectionCard } from "./SectionCard";

// Not in the dashboard's chunk, which a worker waits for offline (docs/decisions/performance.md):
// the message form (its form, validation and project picker) loads when it is first opened. The
// service worker keeps its chunks, so it opens offline too.
const CommentFormDialog = lazy(() => import("../comments/CommentFormDialog").then((m) => ({ default: m.CommentFormDialog })));

/**
 * Talk to the Safety Manager. A worker sends a message from here (the same dialog as the comments
 * page); staff see the latest worker concerns in tabs All / Open / Resolved.
 */
export function SafetyManagerCard({ actor, staff }: { actor: Actor; staff: boolean }) {
  const { t } = useTranslation("dashboard");
  const [composing, setComposing] = useState(false);
  // The form's chunk is fetched on the first "New message", then the dialog stays mounted.
  const [composerWanted, setComposerWanted] = useState(false);
  const [tab, setTab] = useState<CommentFilter>("open");
  const preview = trpc.comments.list.useQuery({ status: staff ? tab : "all", limit: DASHBOARD_COMMENT_PREVIEW }, { enabled: true });

  return (
    <SectionCard
      title={t("safetyManager.title")}
      link={{ label: t("safetyManager.viewAll"), to: "/safety-comments" }}
      testId="safety-manager-card"
    >
      {staff ? (
        <Tabs value={tab} onChange={(v) => setTab((v as CommentFilter) ?? "open")} mb="sm">
          <Tabs.List grow>
            <Tabs.Tab value="all">{t("safetyManager.all")}</Tabs.Tab>
            <Tabs.Tab value="open">{t("safetyManager.open")}</Tabs.Tab>
            <Tabs.Tab value="resolved">{t("safetyManager.resolved")}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      ) : (
        <Stack gap="xs" mb="sm">
          <Text size="sm" c="dimmed">
            {t("safetyManager.prompt")}
          </Text>
          <Button
            leftSection={<IconMessagePlus size={18} />}
            onClick={() => {
              setComposerWanted(true);
              setComposing(true);
            }}
            fullWidth
          >
            {t("safetyManager.newMessage")}
          </Button>
        </Stack>
      )}
      {preview.isPending ? (
        <ListSkeleton rows={3} />
      ) : preview.isError ? (
        <Text size="sm" c="red">
          {t("safetyManager.failed")}
        </Text>
      ) : preview.data.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xs">
          {staff ? t("safetyManager.staffEmpty") : t("safetyManager.workerEmpty")}
        </Text>
      ) : (
        <Stack gap="xs">
          {!staff ? (
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t("safetyManager.recent")}
            </Text>
          ) : null}
          {preview.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} actor={actor} compact />
          ))}
          {staff ? (
            <Button component={Link} to="/safety-comments" variant="light" size="xs">
              {t("safetyManager.respond")}
            </Button>
          ) : null}
        </Stack>
      )}
      {composerWanted ? (
        <Suspense fallback={null}>
          <CommentFormDialog opened={composing} onClose={() => setComposing(false)} />
        </Suspense>
      ) : null}
    </SectionCard>
  );
}
