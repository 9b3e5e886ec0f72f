import { createFileRoute } from "@tanstack/react-router";
import { searchIds } from "../../../components/record/routeParams";
import { TrainingProgramsPage } from "../../../features/training/TrainingProgramsPage";

/** /training/modules?mid={moduleId}&wid={workerId} */
export const Route = createFileRoute("/_app/training/modules")({
  validateSearch: (search: Record<string, unknown>) => searchIds(search, ["mid", "wid"]),
  component: ProgramsRoute,
});

function ProgramsRoute() {
  return <TrainingProgramsPage {...Route.useSearch()} />;
}
