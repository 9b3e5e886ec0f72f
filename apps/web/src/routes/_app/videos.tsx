import { createFileRoute } from "@tanstack/react-router";
import { VideosPage } from "../../features/videos/VideosPage";

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** /videos?vid={videoId}&wid={workerId} */
export const Route = createFileRoute("/_app/videos")({
  validateSearch: (search: Record<string, unknown>): { vid?: number; wid?: number } => {
    const vid = positiveInt(search.vid);
    const wid = positiveInt(search.wid);
    return { ...(vid ? { vid } : {}), ...(wid ? { wid } : {}) };
  },
  component: VideosRoute,
});

function VideosRoute() {
  const search = Route.useSearch();
  return <VideosPage vid={search.vid} wid={search.wid} />;
}
