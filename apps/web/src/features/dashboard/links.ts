import {
  IconAlertTriangle,
  IconBuildingSkyscraper,
  IconCertificate,
  IconClipboardCheck,
  IconFileText,
  IconFlame,
  IconMessages,
  IconUsers,
  IconVideo,
} from "@tabler/icons-react";
import type { ComponentType } from "react";

export interface DashboardLink {
  /** Key in the "dashboard" namespace (quick.*). */
  label: string;
  /** A plain string: some target screens belong to other areas' routes. */
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  color: string;
  /** Key in the "dashboard" namespace (quick.*). */
  description?: string;
}

/** Quick Actions list (product rule: Dashboard). */
export const staffQuickActions: DashboardLink[] = [
  { label: "quick.manageWorkers", to: "/workers", icon: IconUsers, color: "blue", description: "quick.manageWorkersDescription" },
  {
    label: "quick.manageProjects",
    to: "/projects",
    icon: IconBuildingSkyscraper,
    color: "orange",
    description: "quick.manageProjectsDescription",
  },
  { label: "quick.videos", to: "/videos", icon: IconVideo, color: "grape", description: "quick.videosStaffDescription" },
];

export const workerQuickActions: DashboardLink[] = [
  { label: "quick.jha", to: "/forms/jha", icon: IconClipboardCheck, color: "teal", description: "quick.jhaDescription" },
  {
    label: "quick.reportIncident",
    to: "/forms/incident-reports",
    icon: IconAlertTriangle,
    color: "red",
    description: "quick.reportIncidentDescription",
  },
  {
    label: "quick.myTraining",
    to: "/training/required",
    icon: IconCertificate,
    color: "green",
    description: "quick.myTrainingDescription",
  },
  { label: "quick.videos", to: "/videos", icon: IconVideo, color: "grape", description: "quick.videosWorkerDescription" },
  { label: "quick.permits", to: "/forms/hot-work-permits", icon: IconFlame, color: "orange", description: "quick.permitsDescription" },
];

/**
 * The worker dashboard's actions: each opens its form at once (`?new=1`, lib/newRecordLink.ts);
 * the lists themselves are in the tab bar and the menu, so no link is offered twice.
 */
export const workerDirectActions: DashboardLink[] = [
  { label: "quick.newJha", to: "/forms/jha", icon: IconClipboardCheck, color: "teal" },
  { label: "quick.reportIncident", to: "/forms/incident-reports", icon: IconAlertTriangle, color: "red" },
  { label: "quick.requestPermit", to: "/forms/hot-work-permits", icon: IconFlame, color: "orange" },
];

/** Quick Actions tiles; Safety Plans only for admins and managers. */
export function quickActionTiles(staff: boolean): DashboardLink[] {
  return [
    { label: "quick.jha", to: "/forms/jha", icon: IconClipboardCheck, color: "teal" },
    { label: "quick.incidents", to: "/forms/incident-reports", icon: IconAlertTriangle, color: "red" },
    { label: "quick.comments", to: "/safety-comments", icon: IconMessages, color: "blue" },
    { label: "quick.permits", to: "/forms/hot-work-permits", icon: IconFlame, color: "orange" },
    { label: "quick.training", to: "/training/required", icon: IconCertificate, color: "green" },
    ...(staff ? [{ label: "quick.safetyPlans", to: "/safety/plans", icon: IconFileText, color: "gray" }] : []),
  ];
}
