import { type Actor, type CommentFilter, DASHBOARD_COMMENT_PREVIEW } from "@sitesafe/domain";
import { Button, Stack, Tabs, Text } from "@mantine/core";
import { IconMessagePlus } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ListSkeleton } from "../../components/States";
import { trpc } from "../../lib/trpc";
import { CommentFormDialog } from "../comments/CommentFormDialog";
import { CommentItem } from "../comments/CommentItem";
import { SectionCard } from "./SectionCard";

/**
 * Talk to the Safety Manager. A worker sends a message from here (the same dialog as the comments
 * page); staff see the latest worker concerns in tabs All / Open / Resolved.
 */
export function SafetyManagerCard({ actor, staff }: { actor: Actor; staff: boolean }) {
  const [composing, setComposing] = useState(false);
  const [tab, setTab] = useState<CommentFilter>("open");
  const preview = trpc.comments.list.useQuery({ status: staff ? tab : "all", limit: DASHBOARD_COMMENT_PREVIEW }, { enabled: true });

  return (
    <SectionCard title="Talk to the Safety Manager" link={{ label: "View all messages", to: "/safety-comments" }} testId="safety-manager-card">
      {staff ? (
        <Tabs value={tab} onChange={(v) => setTab((v as CommentFilter) ?? "open")} mb="sm">
          <Tabs.List grow>
            <Tabs.Tab value="all">All</Tabs.Tab>
            <Tabs.Tab value="open">Open</Tabs.Tab>
            <Tabs.Tab value="resolved">Resolved</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      ) : (
        <Stack gap="xs" mb="sm">
          <Text size="sm" c="dimmed">
            Spotted a hazard or have a safety concern? Send it straight to the safety manager.
          </Text>
          <Button leftSection={<IconMessagePlus size={18} />} onClick={() => setComposing(true)} fullWidth>
            New Message
          </Button>
        </Stack>
      )}
      {preview.isPending ? (
        <ListSkeleton rows={3} />
      ) : preview.isError ? (
        <Text size="sm" c="red">
          Failed to load safety comments.
        </Text>
      ) : preview.data.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xs">
          {staff ? "No worker concerns here." : "You haven't sent any messages to the safety manager yet."}
        </Text>
      ) : (
        <Stack gap="xs">
          {!staff ? (
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Your recent messages
            </Text>
          ) : null}
          {preview.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} actor={actor} compact />
          ))}
          {staff ? (
            <Button component={Link} to="/safety-comments" variant="light" size="xs">
              Respond to concerns
            </Button>
          ) : null}
        </Stack>
      )}
      <CommentFormDialog opened={composing} onClose={() => setComposing(false)} />
    </SectionCard>
  );
}
