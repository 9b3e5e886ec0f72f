import { createFileRoute } from "@tanstack/react-router";
import { MAX_RECORD_ID, searchIds } from "../../../components/record/routeParams";
import { TalkListPage } from "../../../features/talks/TalkListPage";

/** /talks?projectId={projectId}: the talks of the user's projects, or of one project. */
export const Route = createFileRoute("/_app/talks/")({
  validateSearch: (search: Record<string, unknown>) => searchIds(search, ["projectId"], MAX_RECORD_ID),
  component: TalksRoute,
});

function TalksRoute() {
  const { projectId } = Route.useSearch();
  return <TalkListPage projectId={projectId} />;
}
