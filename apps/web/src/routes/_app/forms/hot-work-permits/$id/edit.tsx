import { createFileRoute } from "@tanstack/react-router";
import { PermitEditPage } from "../../../../../features/permits/PermitEditPage";

export const Route = createFileRoute("/_app/forms/hot-work-permits/$id/edit")({
  component: PermitEditRoute,
});

function PermitEditRoute() {
  const { id } = Route.useParams();
  return <PermitEditPage key={id} idParam={id} />;
}
