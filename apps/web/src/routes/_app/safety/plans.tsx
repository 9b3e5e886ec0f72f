import { createFileRoute } from "@tanstack/react-router";
import { SafetyPlansPage } from "../../../features/projects/SafetyPlansPage";

export const Route = createFileRoute("/_app/safety/plans")({
  component: SafetyPlansPage,
});
