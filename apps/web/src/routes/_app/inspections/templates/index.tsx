import { createFileRoute } from "@tanstack/react-router";
import { TemplateListPage } from "../../../../features/inspections/TemplateListPage";

export const Route = createFileRoute("/_app/inspections/templates/")({
  component: TemplateListPage,
});
