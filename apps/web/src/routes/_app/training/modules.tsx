import { createFileRoute } from "@tanstack/react-router";
import { TrainingProgramsPage } from "../../../features/training/TrainingProgramsPage";

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export const Route = createFileRoute("/_app/training/modules")({
  validateSearch: (search: Record<string, unknown>): { mid?: number; wid?: number } => {
    const mid = positiveInt(search.mid);
    const wid = positiveInt(search.wid);
    return { ...(mid ? { mid } : {}), ...(wid ? { wid } : {}) };
  },
  component: ProgramsRoute,
});

function ProgramsRoute() {
  const search = Route.useSearch();
  return <TrainingProgramsPage mid={search.mid} wid={search.wid} />;
}
