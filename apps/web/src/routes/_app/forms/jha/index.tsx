import { createFileRoute } from "@tanstack/react-router";
import { JhaListPage } from "../../../../features/jha/JhaListPage";

export const Route = createFileRoute("/_app/forms/jha/")({
  component: JhaListPage,
});
