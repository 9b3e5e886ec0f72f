import { createFileRoute } from "@tanstack/react-router";
import { StaticTrainingPage } from "../../../features/training/StaticTrainingPage";

export const Route = createFileRoute("/_app/training/hazardous-materials")({
  component: Page,
});

function Page() {
  return <StaticTrainingPage slug="hazardous-materials" />;
}
