import { createFileRoute } from "@tanstack/react-router";
import { CredentialsAdminPage } from "../../../features/credentials/CredentialsAdminPage";

export const Route = createFileRoute("/_app/admin/credentials")({
  component: CredentialsAdminPage,
});
