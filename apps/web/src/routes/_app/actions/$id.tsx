import { createFileRoute } from "@tanstack/react-router";
import { recordId } from "../../../components/record/routeParams";
import { ActionDetailPage } from "../../../features/inspections/ActionDetailPage";

export const Route = createFileRoute("/_app/actions/$id")({ component: ActionDetailRoute });

function ActionDetailRoute() {
  const id = recordId(Route.useParams().id);
  return <ActionDetailPage key={id} id={id} />;
}
