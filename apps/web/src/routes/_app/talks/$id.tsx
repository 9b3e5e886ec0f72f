import { createFileRoute } from "@tanstack/react-router";
import { TalkDetailPage } from "../../../features/talks/TalkDetailPage";

export const Route = createFileRoute("/_app/talks/$id")({
  component: TalkDetailRoute,
});

function TalkDetailRoute() {
  const { id } = Route.useParams();
  const numeric = Number(id);
  // A new key per id: the page's local state starts fresh on each talk.
  return <TalkDetailPage key={numeric} id={Number.isInteger(numeric) && numeric > 0 ? numeric : 0} />;
}
