import { createFileRoute } from "@tanstack/react-router";
import { TalkListPage } from "../../../features/talks/TalkListPage";

export const Route = createFileRoute("/_app/talks/")({
  component: TalkListPage,
});
