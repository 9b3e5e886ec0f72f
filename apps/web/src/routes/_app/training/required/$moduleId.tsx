import { createFileRoute } from "@tanstack/react-router";
import { ModulePage } from "../../../../features/training/ModulePage";

export const Route = createFileRoute("/_app/training/required/$moduleId")({
  component: ModuleRoute,
});

function ModuleRoute() {
  const { moduleId } = Route.useParams();
  const id = /^\d+$/.test(moduleId) ? Number(moduleId) : Number.NaN;
  return <ModulePage key={moduleId} moduleId={id} />;
}
