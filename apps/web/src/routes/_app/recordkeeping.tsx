import { createFileRoute } from "@tanstack/react-router";
import { RecordkeepingPage } from "../../features/osha/RecordkeepingPage";

export const Route = createFileRoute("/_app/recordkeeping")({
  component: RecordkeepingPage,
});
