import { createFileRoute } from "@tanstack/react-router";
import { searchIds } from "../../components/record/routeParams";
import { VideosPage } from "../../features/videos/VideosPage";

/** /videos?vid={videoId}&wid={workerId} */
export const Route = createFileRoute("/_app/videos")({
  validateSearch: (search: Record<string, unknown>) => searchIds(search, ["vid", "wid"]),
  component: VideosRoute,
});

function VideosRoute() {
  return <VideosPage {...Route.useSearch()} />;
}
