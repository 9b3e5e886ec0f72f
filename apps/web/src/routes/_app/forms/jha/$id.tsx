import { createFileRoute } from "@tanstack/react-router";
import { JhaDetailPage, JhaNotFound } from "../../../../features/jha/JhaDetailPage";

export const Route = createFileRoute("/_app/forms/jha/$id")({
  component: JhaDetailRoute,
});

function JhaDetailRoute() {
  const { id } = Route.useParams();
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) return <JhaNotFound />;
  // A new key per id: the page's local state (editing, confirm) starts fresh on each form.
  return <JhaDetailPage key={numeric} id={numeric} />;
}
