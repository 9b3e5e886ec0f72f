import { createFileRoute } from "@tanstack/react-router";
import { WorkersPage } from "../../../features/workers/WorkersPage";

export const Route = createFileRoute("/_app/managers/")({
  component: () => <WorkersPage mode="managers" />,
});
