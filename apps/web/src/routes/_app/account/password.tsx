import { createFileRoute } from "@tanstack/react-router";
import { ChangePasswordPage } from "../../../features/accounts/ChangePasswordPage";

export const Route = createFileRoute("/_app/account/password")({
  component: ChangePasswordPage,
});
