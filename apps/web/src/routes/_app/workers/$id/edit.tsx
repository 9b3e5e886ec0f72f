import { createFileRoute } from "@tanstack/react-router";
import { EditWorkerPage } from "../../../../features/workers/WorkerFormPage";

export const Route = createFileRoute("/_app/workers/$id/edit")({
  component: EditWorkerRoute,
});

function EditWorkerRoute() {
  const { id } = Route.useParams();
  return <EditWorkerPage key={id} id={Number(id)} />;
}
