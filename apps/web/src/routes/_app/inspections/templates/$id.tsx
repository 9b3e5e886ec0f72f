import { createFileRoute } from "@tanstack/react-router";
import { recordId } from "../../../../components/record/routeParams";
import { TemplateEditorPage } from "../../../../features/inspections/TemplateEditorPage";

export const Route = createFileRoute("/_app/inspections/templates/$id")({ component: TemplateEditorRoute });

function TemplateEditorRoute() {
  const id = recordId(Route.useParams().id);
  return <TemplateEditorPage key={id} id={id} />;
}
