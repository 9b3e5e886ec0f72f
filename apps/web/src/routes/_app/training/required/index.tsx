import { createFileRoute } from "@tanstack/react-router";
import { RequiredTrainingPage } from "../../../../features/training/RequiredTrainingPage";

export const Route = createFileRoute("/_app/training/required/")({
  component: RequiredTrainingPage,
});
