import { createFileRoute } from "@tanstack/react-router";
import { InspectionDetailPage } from "../../../features/inspections/InspectionDetailPage";

export const Route = createFileRoute("/_app/inspections/$id")({
  component: InspectionDetailRoute,
});

function InspectionDetailRoute() {
  const { id } = Route.useParams();
  const numeric = Number(id);
  return <InspectionDetailPage key={numeric} id={Number.isInteger(numeric) && numeric > 0 ? numeric : 0} />;
}
