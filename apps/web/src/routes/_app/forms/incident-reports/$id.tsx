import { createFileRoute } from "@tanstack/react-router";
import { recordId } from "../../../../components/record/routeParams";
import { IncidentDetailPage, IncidentNotFound } from "../../../../features/incidents/IncidentDetailPage";

export const Route = createFileRoute("/_app/forms/incident-reports/$id")({ component: IncidentDetailRoute });

function IncidentDetailRoute() {
  const id = recordId(Route.useParams().id);
  return id ? <IncidentDetailPage key={id} id={id} /> : <IncidentNotFound />;
}
