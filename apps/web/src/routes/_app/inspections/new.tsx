import { createFileRoute } from "@tanstack/react-router";
import { InspectionRunPage } from "../../../features/inspections/InspectionRunPage";

export const Route = createFileRoute("/_app/inspections/new")({
  component: InspectionRunPage,
});
