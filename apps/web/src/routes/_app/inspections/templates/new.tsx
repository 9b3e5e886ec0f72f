import { createFileRoute } from "@tanstack/react-router";
import { TemplateEditorPage } from "../../../../features/inspections/TemplateEditorPage";

export const Route = createFileRoute("/_app/inspections/templates/new")({
  component: NewTemplateRoute,
});

function NewTemplateRoute() {
  return <TemplateEditorPage id="new" />;
}
