import { createFileRoute } from "@tanstack/react-router";
import { PermitDetailPage } from "../../../../../features/permits/PermitDetailPage";

export const Route = createFileRoute("/_app/forms/hot-work-permits/$id/")({
  component: PermitDetailRoute,
});

function PermitDetailRoute() {
  const { id } = Route.useParams();
  return <PermitDetailPage key={id} idParam={id} />;
}
