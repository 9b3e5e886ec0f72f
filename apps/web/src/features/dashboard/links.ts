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
  label: string;
  /** A plain string: some target screens belong to other areas' routes. */
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  color: string;
  description?: string;
}

/** Quick Actions list (spec: Dashboard). */
export const staffQuickActions: DashboardLink[] = [
  { label: "Manage Workers", to: "/workers", icon: IconUsers, color: "blue", description: "Profiles, assignments and compliance" },
  { label: "Manage Projects", to: "/projects", icon: IconBuildingSkyscraper, color: "orange", description: "Sites, safety plans and crews" },
  { label: "Safety Videos", to: "/videos", icon: IconVideo, color: "grape", description: "Weekly videos and progress" },
];

export const workerQuickActions: DashboardLink[] = [
  { label: "JHA Forms", to: "/forms/jha", icon: IconClipboardCheck, color: "teal", description: "Analyse the hazards of a job" },
  { label: "Report Incident", to: "/forms/incident-reports", icon: IconAlertTriangle, color: "red", description: "Injuries, damage and near misses" },
  { label: "My Training", to: "/training/required", icon: IconCertificate, color: "green", description: "Required modules and quizzes" },
  { label: "Safety Videos", to: "/videos", icon: IconVideo, color: "grape", description: "This week's safety video" },
  { label: "Hot Work Permits", to: "/forms/hot-work-permits", icon: IconFlame, color: "orange", description: "Request a permit before you weld or cut" },
];

/** Quick Actions tiles; Safety Plans only for admins and managers. */
export function quickActionTiles(staff: boolean): DashboardLink[] {
  return [
    { label: "JHA Forms", to: "/forms/jha", icon: IconClipboardCheck, color: "teal" },
    { label: "Incident Reports", to: "/forms/incident-reports", icon: IconAlertTriangle, color: "red" },
    { label: "Safety Comments", to: "/safety-comments", icon: IconMessages, color: "blue" },
    { label: "Hot Work Permits", to: "/forms/hot-work-permits", icon: IconFlame, color: "orange" },
    { label: "Training", to: "/training/required", icon: IconCertificate, color: "green" },
    ...(staff ? [{ label: "Safety Plans", to: "/safety/plans", icon: IconFileText, color: "gray" }] : []),
  ];
}
