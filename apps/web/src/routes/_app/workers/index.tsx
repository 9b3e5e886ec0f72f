import { createFileRoute } from "@tanstack/react-router";
import { WorkersPage } from "../../../features/workers/WorkersPage";

export const Route = createFileRoute("/_app/workers/")({
  component: () => <WorkersPage mode="workers" />,
});
