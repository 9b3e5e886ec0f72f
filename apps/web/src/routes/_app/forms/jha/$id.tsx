import { createFileRoute } from "@tanstack/react-router";
import { recordId } from "../../../../components/record/routeParams";
import { JhaDetailPage, JhaNotFound } from "../../../../features/jha/JhaDetailPage";

export const Route = createFileRoute("/_app/forms/jha/$id")({ component: JhaDetailRoute });

// A new key per id: the page's local state (editing, confirm) starts fresh on each form.
function JhaDetailRoute() {
  const id = recordId(Route.useParams().id);
  return id ? <JhaDetailPage key={id} id={id} /> : <JhaNotFound />;
}
