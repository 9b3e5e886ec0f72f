import { IconCertificate, IconFlame, IconPencil } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { formatUpcoming } from "../../lib/format";
import { useHasDraft } from "../../lib/formDraft";
import { trpc } from "../../lib/trpc";

/** One thing a worker must do today: what, why, and the one link that does it. */
export interface TodayTask {
  /** Unique across kinds, e.g. "training-3". */
  id: string;
  title: string;
  detail: string;
  /** A plain path: the targets belong to other areas' routes. */
  to: string;
  search?: Record<string, unknown>;
}

/**
 * A kind of task on the worker's "What to do today" list. Adding a kind is one entry in
 * `todayKinds` below: its icon and colour and a hook that returns its tasks (the hook is called
 * on every render of the list, in this fixed order, so it may use queries).
 */
export interface TodayKind {
  kind: string;
  icon: ComponentType<{ size?: number | string }>;
  color: string;
  useTasks: () => { tasks: TodayTask[]; pending: boolean };
}

/** Upcoming items are "<kind>-<id>" (the dashboard's upcoming read, packages/db/src/queries/dashboard.ts). */
const numericId = (id: string) => Number(id.slice(id.lastIndexOf("-") + 1));

function useUpcoming() {
  return trpc.dashboard.upcoming.useQuery();
}

/** The end of the viewer's day: a permit starting before it is today's. */
function endOfToday(now = new Date()): number {
  const end = new Date(now);
  end.setHours(24, 0, 0, 0);
  return end.getTime();
}

/**
 * The kinds, in the list's order. Required videos are not among them: the dashboard's "Recent
 * Safety Videos" card opens each with its progress, and a link is offered once per page.
 */
export const todayKinds: TodayKind[] = [
  {
    // Hot work on the worker's projects starting today: read the permit and sign on before it starts.
    kind: "permit",
    icon: IconFlame,
    color: "orange",
    useTasks() {
      const { t } = useTranslation("dashboard");
      const upcoming = useUpcoming();
      const tasks = (upcoming.data ?? [])
        .filter((item) => item.id.startsWith("permit-") && new Date(item.datetime).getTime() < endOfToday())
        .map((item) => ({
          id: item.id,
          // The read's title is "Hot work: <permit title>"; the permit's own title is the stored data.
          title: item.title.replace(/^Hot work: /, ""),
          detail: t("today.permitDetail", { when: formatUpcoming(item.datetime) }),
          to: `/forms/hot-work-permits/${numericId(item.id)}`,
        }));
      return { tasks, pending: upcoming.isPending };
    },
  },
  {
    // Required training not yet completed: each module opens itself.
    kind: "training",
    icon: IconCertificate,
    color: "green",
    useTasks() {
      const { t } = useTranslation("dashboard");
      const upcoming = useUpcoming();
      const tasks = (upcoming.data ?? [])
        .filter((item) => item.type === "training")
        .map((item) => ({
          id: item.id,
          title: item.title,
          detail: t("today.trainingDetail"),
          to: `/training/required/${numericId(item.id)}`,
        }));
      return { tasks, pending: upcoming.isPending };
    },
  },
  {
    // A JHA, incident report or permit request started on this device and not sent yet.
    kind: "draft",
    icon: IconPencil,
    color: "blue",
    useTasks() {
      const { t } = useTranslation("dashboard");
      const jha = useHasDraft("jha.new");
      const incident = useHasDraft("incident.new");
      const permit = useHasDraft("permit.new");
      const tasks: TodayTask[] = [];
      // `?draft=1` opens the form on the draft (lib/newRecordLink.ts): the bare list is the tab bar's link.
      if (jha)
        tasks.push({ id: "draft-jha", title: t("today.draftJha"), detail: t("today.draftDetail"), to: "/forms/jha", search: { draft: 1 } });
      if (incident)
        tasks.push({
          id: "draft-incident",
          title: t("today.draftIncident"),
          detail: t("today.draftDetail"),
          to: "/forms/incident-reports",
          search: { draft: 1 },
        });
      if (permit)
        tasks.push({
          id: "draft-permit",
          title: t("today.draftPermit"),
          detail: t("today.draftDetail"),
          to: "/forms/hot-work-permits",
          search: { draft: 1 },
        });
      return { tasks, pending: false };
    },
  },
];
