import { createFileRoute } from "@tanstack/react-router";
import { recordId } from "../../../components/record/routeParams";
import { InspectionDetailPage } from "../../../features/inspections/InspectionDetailPage";

export const Route = createFileRoute("/_app/inspections/$id")({ component: InspectionDetailRoute });

function InspectionDetailRoute() {
  const id = recordId(Route.useParams().id);
  return <InspectionDetailPage key={id} id={id} />;
}
