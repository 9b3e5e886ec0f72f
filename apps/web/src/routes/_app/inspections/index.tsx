import { createFileRoute } from "@tanstack/react-router";
import { InspectionListPage } from "../../../features/inspections/InspectionListPage";

export const Route = createFileRoute("/_app/inspections/")({
  component: InspectionListPage,
});
