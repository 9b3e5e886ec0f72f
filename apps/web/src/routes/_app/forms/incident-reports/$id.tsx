import { createFileRoute } from "@tanstack/react-router";
import { IncidentDetailPage, IncidentNotFound } from "../../../../features/incidents/IncidentDetailPage";

export const Route = createFileRoute("/_app/forms/incident-reports/$id")({
  component: IncidentDetailRoute,
});

function IncidentDetailRoute() {
  const { id } = Route.useParams();
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) return <IncidentNotFound />;
  return <IncidentDetailPage key={numeric} id={numeric} />;
}
