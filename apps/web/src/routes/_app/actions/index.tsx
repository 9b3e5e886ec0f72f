import { createFileRoute } from "@tanstack/react-router";
import { ActionListPage } from "../../../features/inspections/ActionListPage";

/** /actions?mine=true: the corrective actions, or only the user's own. */
export const Route = createFileRoute("/_app/actions/")({
  validateSearch: (search: Record<string, unknown>): { mine?: boolean } =>
    search.mine === true || search.mine === "true" ? { mine: true } : {},
  component: ActionsRoute,
});

function ActionsRoute() {
  const { mine } = Route.useSearch();
  return <ActionListPage mine={mine ?? false} />;
}
