import { createFileRoute } from "@tanstack/react-router";
import { NewWorkerPage } from "../../../features/workers/WorkerFormPage";

export const Route = createFileRoute("/_app/workers/new")({
  component: NewWorkerPage,
});
