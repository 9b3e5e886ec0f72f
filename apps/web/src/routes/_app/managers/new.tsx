import { createFileRoute } from "@tanstack/react-router";
import { NewManagerPage } from "../../../features/workers/WorkerFormPage";

export const Route = createFileRoute("/_app/managers/new")({
  component: NewManagerPage,
});
