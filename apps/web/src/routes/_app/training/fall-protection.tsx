import { createFileRoute } from "@tanstack/react-router";
import { StaticTrainingPage } from "../../../features/training/StaticTrainingPage";

export const Route = createFileRoute("/_app/training/fall-protection")({
  component: Page,
});

function Page() {
  return <StaticTrainingPage slug="fall-protection" />;
}
