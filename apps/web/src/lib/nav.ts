import { type Action, type Actor, can, type Role } from "@sitesafe/domain";
import {
  IconAlertTriangle,
  IconBook,
  IconBuildingSkyscraper,
  IconCertificate,
  IconClipboardCheck,
  IconClipboardData,
  IconClipboardList,
  IconFileText,
  IconFlame,
  IconHome,
  IconId,
  IconKey,
  IconListCheck,
  IconMessages,
  IconShieldCheck,
  IconSpeakerphone,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  IconVideo,
} from "@tabler/icons-react";
import type { ComponentType } from "react";

export interface NavEntry {
  /** The English label; screens show t(`common:${labelKey}`). */
  label: string;
  labelKey: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  roles: readonly Role[];
  /** When set, the entry shows only to an actor the domain's `can()` allows one of these actions. */
  anyOf?: readonly Action[];
}

const all: readonly Role[] = ["admin", "manager", "worker"];
const staff: readonly Role[] = ["admin", "manager"];
const admin: readonly Role[] = ["admin"];

/** The menu of the route table (docs/product.md), filtered by role. */
const navEntries: NavEntry[] = [
  { label: "Dashboard", labelKey: "nav.dashboard", to: "/", icon: IconHome, roles: all },
  { label: "Projects", labelKey: "nav.projects", to: "/projects", icon: IconBuildingSkyscraper, roles: all },
  { label: "Workers", labelKey: "nav.workers", to: "/workers", icon: IconUsers, roles: staff },
  { label: "Managers", labelKey: "nav.managers", to: "/managers", icon: IconUserShield, roles: staff },
  { label: "JHA Forms", labelKey: "nav.jha", to: "/forms/jha", icon: IconClipboardCheck, roles: all },
  { label: "Incident Reports", labelKey: "nav.incidents", to: "/forms/incident-reports", icon: IconAlertTriangle, roles: all },
  { label: "Hot Work Permits", labelKey: "nav.permits", to: "/forms/hot-work-permits", icon: IconFlame, roles: all },
  { label: "Toolbox Talks", labelKey: "nav.talks", to: "/talks", icon: IconSpeakerphone, roles: all },
  { label: "Inspections", labelKey: "nav.inspections", to: "/inspections", icon: IconClipboardList, roles: all },
  { label: "Corrective Actions", labelKey: "nav.actions", to: "/actions", icon: IconListCheck, roles: all },
  { label: "Required Training", labelKey: "nav.requiredTraining", to: "/training/required", icon: IconCertificate, roles: all },
  { label: "Training Programs", labelKey: "nav.trainingPrograms", to: "/training/modules", icon: IconBook, roles: all },
  { label: "Safety Videos", labelKey: "nav.videos", to: "/videos", icon: IconVideo, roles: all },
  { label: "Safety Comments", labelKey: "nav.comments", to: "/safety-comments", icon: IconMessages, roles: all },
  { label: "Safety Plans", labelKey: "nav.safetyPlans", to: "/safety/plans", icon: IconFileText, roles: staff },
  { label: "Recordkeeping", labelKey: "nav.recordkeeping", to: "/recordkeeping", icon: IconClipboardData, roles: staff },
  {
    label: "Credentials",
    labelKey: "nav.credentials",
    to: "/admin/credentials",
    icon: IconId,
    roles: staff,
    anyOf: ["credentialType.create", "credentialRequirement.manage", "credential.import"],
  },
  { label: "User Management", labelKey: "nav.users", to: "/admin/users", icon: IconUsersGroup, roles: admin },
  { label: "Invite Tokens", labelKey: "nav.inviteTokens", to: "/admin/invite-tokens", icon: IconKey, roles: admin },
];

export function navFor(role: Role, actor: Actor | null = null): NavEntry[] {
  return navEntries.filter((e) => e.roles.includes(role) && (!e.anyOf || e.anyOf.some((a) => can(actor, a))));
}

/**
 * Bottom tab bar below the large breakpoint: Home; JHA Forms (workers) or Workers; Hot Work;
 * Incidents. Its labels are short words of their own (`nav.*Short`, `nav.hotWork`) that fit one
 * line in a quarter of a 390 px phone in both languages.
 */
export function bottomTabsFor(role: Role): NavEntry[] {
  const second: NavEntry =
    role === "worker"
      ? { label: "JHA Forms", labelKey: "nav.jhaShort", to: "/forms/jha", icon: IconClipboardCheck, roles: all }
      : { label: "Workers", labelKey: "nav.workers", to: "/workers", icon: IconUsers, roles: staff };
  return [
    { label: "Home", labelKey: "nav.home", to: "/", icon: IconHome, roles: all },
    second,
    { label: "Hot Work", labelKey: "nav.hotWork", to: "/forms/hot-work-permits", icon: IconFlame, roles: all },
    { label: "Incidents", labelKey: "nav.incidentsShort", to: "/forms/incident-reports", icon: IconShieldCheck, roles: all },
  ];
}

/** Whether a menu entry is the current route (exact for "/", prefix otherwise). */
export function isActive(entry: { to: string }, pathname: string): boolean {
  if (entry.to === "/") return pathname === "/" || pathname === "/dashboard";
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}
