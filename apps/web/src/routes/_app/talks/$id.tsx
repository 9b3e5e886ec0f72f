import { createFileRoute } from "@tanstack/react-router";
import { recordId } from "../../../components/record/routeParams";
import { TalkDetailPage } from "../../../features/talks/TalkDetailPage";

export const Route = createFileRoute("/_app/talks/$id")({ component: TalkDetailRoute });

// A new key per id: the page's local state starts fresh on each talk.
function TalkDetailRoute() {
  const id = recordId(Route.useParams().id);
  return <TalkDetailPage key={id} id={id} />;
}
