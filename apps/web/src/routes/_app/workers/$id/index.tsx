import { createFileRoute } from "@tanstack/react-router";
import { WorkerDetailPage } from "../../../../features/workers/WorkerDetailPage";

export const Route = createFileRoute("/_app/workers/$id/")({
  component: WorkerDetailRoute,
});

function WorkerDetailRoute() {
  const { id } = Route.useParams();
  return <WorkerDetailPage key={id} id={Number(id)} />;
}
