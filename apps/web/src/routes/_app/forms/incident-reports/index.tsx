import { createFileRoute } from "@tanstack/react-router";
import { IncidentListPage } from "../../../../features/incidents/IncidentListPage";

export const Route = createFileRoute("/_app/forms/incident-reports/")({
  component: IncidentListPage,
});
