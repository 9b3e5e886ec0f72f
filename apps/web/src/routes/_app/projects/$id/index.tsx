import { createFileRoute } from "@tanstack/react-router";
import { ProjectDetailPage } from "../../../../features/projects/ProjectDetailPage";

export const Route = createFileRoute("/_app/projects/$id/")({
  component: ProjectDetailRoute,
});

function ProjectDetailRoute() {
  const { id } = Route.useParams();
  return <ProjectDetailPage key={id} id={Number(id)} />;
}
