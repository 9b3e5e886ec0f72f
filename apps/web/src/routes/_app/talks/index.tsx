import { createFileRoute } from "@tanstack/react-router";
import { TalkListPage } from "../../../features/talks/TalkListPage";

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};

/** /talks?projectId={projectId}: the talks of the user's projects, or of one project. */
export const Route = createFileRoute("/_app/talks/")({
  validateSearch: (search: Record<string, unknown>): { projectId?: number } => {
    const projectId = positiveInt(search.projectId);
    return projectId ? { projectId } : {};
  },
  component: TalksRoute,
});

function TalksRoute() {
  const { projectId } = Route.useSearch();
  return <TalkListPage projectId={projectId} />;
}
