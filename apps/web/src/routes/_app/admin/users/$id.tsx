import { createFileRoute } from "@tanstack/react-router";
import { UserProfilePage } from "../../../../features/accounts/UserProfilePage";

export const Route = createFileRoute("/_app/admin/users/$id")({
  component: UserProfileRoute,
});

function UserProfileRoute() {
  const { id } = Route.useParams();
  return <UserProfilePage id={id} />;
}
