import { createFileRoute } from "@tanstack/react-router";
import { InviteTokensPage } from "../../../features/accounts/InviteTokensPage";

export const Route = createFileRoute("/_app/admin/invite-tokens")({
  component: InviteTokensPage,
});
