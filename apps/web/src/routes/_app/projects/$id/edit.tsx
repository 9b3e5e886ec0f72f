import { createFileRoute } from "@tanstack/react-router";
import { EditProjectPage } from "../../../../features/projects/ProjectFormPage";

export const Route = createFileRoute("/_app/projects/$id/edit")({
  component: EditProjectRoute,
});

function EditProjectRoute() {
  const { id } = Route.useParams();
  return <EditProjectPage key={id} id={Number(id)} />;
}
