import { createFileRoute } from "@tanstack/react-router";
import { TemplateEditorPage } from "../../../../features/inspections/TemplateEditorPage";

export const Route = createFileRoute("/_app/inspections/templates/$id")({
  component: TemplateEditorRoute,
});

function TemplateEditorRoute() {
  const { id } = Route.useParams();
  const numeric = Number(id);
  return <TemplateEditorPage key={numeric} id={Number.isInteger(numeric) && numeric > 0 ? numeric : 0} />;
}
