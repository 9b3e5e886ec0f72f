import { createFileRoute } from "@tanstack/react-router";
import { ActionDetailPage } from "../../../features/inspections/ActionDetailPage";

export const Route = createFileRoute("/_app/actions/$id")({
  component: ActionDetailRoute,
});

function ActionDetailRoute() {
  const { id } = Route.useParams();
  const numeric = Number(id);
  return <ActionDetailPage key={numeric} id={Number.isInteger(numeric) && numeric > 0 ? numeric : 0} />;
}
