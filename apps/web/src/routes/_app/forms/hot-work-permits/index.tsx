import { createFileRoute } from "@tanstack/react-router";
import { PermitListPage } from "../../../../features/permits/PermitListPage";

export const Route = createFileRoute("/_app/forms/hot-work-permits/")({
  component: PermitListPage,
});
