import { createFileRoute } from "@tanstack/react-router";
import { StaticTrainingPage } from "../../../features/training/StaticTrainingPage";

export const Route = createFileRoute("/_app/training/site-safety")({
  component: Page,
});

function Page() {
  return <StaticTrainingPage slug="site-safety" />;
}
