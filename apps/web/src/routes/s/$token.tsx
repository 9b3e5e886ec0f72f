import { createFileRoute } from "@tanstack/react-router";
import { PublicSignOnPage } from "../../features/signOn/PublicSignOnPage";

/** Public: the sign-on page of a QR code or short link (issue #34). Nothing else of the product. */
export const Route = createFileRoute("/s/$token")({
  component: PublicSignOnRoute,
});

function PublicSignOnRoute() {
  const { token } = Route.useParams();
  return <PublicSignOnPage token={token} />;
}
