import { AspectRatio, Center, Stack, Text } from "@mantine/core";
import { shouldSaveVideoProgress, type VideoSource, videoSource } from "@sitesafe/domain";
import { IconVideoOff } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { loadVimeoApi, loadYouTubeApi, type VimeoPlayer, type YouTubePlayer } from "./playerApis";

/** Whether the player can tell us how far the video was played. */
export type PlayerReporting = "loading" | "tracking" | "unavailable";

/** How long a player API may take to load before we treat the player as unable to report. */
const PLAYER_READY_TIMEOUT_MS = 10_000;
/** YouTube has no time event: its position is read this often while playing. */
const YOUTUBE_POLL_MS = 1000;

/**
 * Plays a safety video and reports real progress: a direct .mp4 through the <video> element, a
 * YouTube video through the IFrame Player API (its end event sets 100) and a Vimeo video through
 * the Vimeo player API. When a player cannot report (its script does not load, the video fails),
 * it says so through onReporting, and the page offers a self-attested "I watched this" instead.
 */
export function VideoPlayer({
  url,
  title,
  watched,
  onProgress,
  onReporting,
}: {
  url: string;
  title: string;
  /** The stored watched percentage: saving resumes above it. */
  watched: number;
  onProgress?: ((percentage: number) => void) | undefined;
  onReporting?: ((state: PlayerReporting) => void) | undefined;
}) {
  const { t } = useTranslation("videos");
  const source = videoSource(url);
  const lastSaved = useRef(watched);
  lastSaved.current = Math.max(lastSaved.current, watched);
  // The callbacks change on every render of the page; the players keep the latest through refs.
  const progressRef = useRef(onProgress);
  progressRef.current = onProgress;
  const reportingRef = useRef(onReporting);
  reportingRef.current = onReporting;

  const report = (pct: number) => {
    const value = Math.max(0, Math.min(100, Math.floor(pct)));
    if (progressRef.current && shouldSaveVideoProgress(value, lastSaved.current)) {
      lastSaved.current = value;
      progressRef.current(value);
    }
  };
  const reportRef = useRef(report);
  reportRef.current = report;

  const playable = source !== null;
  useEffect(() => {
    if (!playable) reportingRef.current?.("unavailable");
  }, [playable]);

  if (!source) {
    return (
      <AspectRatio ratio={16 / 9}>
        <Center bg="dark.7" style={{ borderRadius: 8 }}>
          <Stack align="center" gap={4}>
            <IconVideoOff size={36} color="white" />
            <Text c="white" size="sm">
              {t("player.unplayable")}
            </Text>
          </Stack>
        </Center>
      </AspectRatio>
    );
  }

  if (source.kind === "file") {
    const fromElement = (el: HTMLVideoElement, ended = false) => {
      if (!Number.isFinite(el.duration) || el.duration <= 0) return;
      reportRef.current(ended ? 100 : (el.currentTime / el.duration) * 100);
    };
    return (
      <AspectRatio ratio={16 / 9}>
        {/* biome-ignore lint/a11y/useMediaCaption: safety videos are added by URL; captions are the publisher's */}
        <video
          src={source.url}
          controls
          preload="metadata"
          playsInline
          style={{ width: "100%", height: "100%", background: "black", borderRadius: 8 }}
          aria-label={title}
          data-testid="video-file-player"
          onLoadedMetadata={() => reportingRef.current?.("tracking")}
          onError={() => reportingRef.current?.("unavailable")}
          onTimeUpdate={(e) => fromElement(e.currentTarget)}
          onEnded={(e) => fromElement(e.currentTarget, true)}
        />
      </AspectRatio>
    );
  }

  return (
    <ApiPlayer
      key={source.embedUrl}
      kind={source.kind}
      id={source.id}
      embedUrl={source.embedUrl}
      title={title}
      report={reportRef}
      reporting={reportingRef}
    />
  );
}

/** YouTube or Vimeo, driven through their player APIs. */
function ApiPlayer({
  kind,
  id,
  embedUrl,
  title,
  report,
  reporting,
}: {
  kind: Exclude<VideoSource, { kind: "file" }>["kind"];
  id: string;
  embedUrl: string;
  title: string;
  report: { current: (pct: number) => void };
  reporting: { current: ((state: PlayerReporting) => void) | undefined };
}) {
  const host = useRef<HTMLDivElement>(null);
  const iframe = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    let cancelled = false;
    let ready = false;
    let poll: number | undefined;
    let youTube: YouTubePlayer | undefined;
    let vimeo: VimeoPlayer | undefined;
    const set = (state: PlayerReporting) => {
      if (!cancelled) reporting.current?.(state);
    };
    set("loading");
    const giveUp = window.setTimeout(() => {
      if (!ready) set("unavailable");
    }, PLAYER_READY_TIMEOUT_MS);
    const isReady = () => {
      ready = true;
      window.clearTimeout(giveUp);
      set("tracking");
    };

    if (kind === "youtube") {
      loadYouTubeApi()
        .then((YT) => {
          if (cancelled || !host.current) return;
          youTube = new YT.Player(host.current, {
            host: "https://www.youtube-nocookie.com",
            videoId: id,
            width: "100%",
            height: "100%",
            playerVars: { playsinline: 1, rel: 0, origin: window.location.origin },
            events: {
              onReady: isReady,
              onError: () => set("unavailable"),
              onStateChange: (event) => {
                window.clearInterval(poll);
                if (event.data === YT.PlayerState.ENDED) report.current(100);
                if (event.data === YT.PlayerState.PLAYING) {
                  poll = window.setInterval(() => {
                    const duration = youTube?.getDuration() ?? 0;
                    if (duration > 0) report.current(((youTube?.getCurrentTime() ?? 0) / duration) * 100);
                  }, YOUTUBE_POLL_MS);
                }
              },
            },
          });
        })
        .catch(() => set("unavailable"));
    } else {
      loadVimeoApi()
        .then((Vimeo) => {
          if (cancelled || !iframe.current) return;
          vimeo = new Vimeo.Player(iframe.current);
          vimeo.on("timeupdate", (data) => report.current(data.percent * 100));
          vimeo.on("ended", () => report.current(100));
          vimeo.on("error", () => set("unavailable"));
          vimeo.ready().then(isReady, () => set("unavailable"));
        })
        .catch(() => set("unavailable"));
    }

    return () => {
      cancelled = true;
      window.clearTimeout(giveUp);
      window.clearInterval(poll);
      youTube?.destroy();
      void vimeo?.destroy().catch(() => undefined);
    };
  }, [kind, id, report, reporting]);

  return (
    <AspectRatio ratio={16 / 9}>
      {kind === "youtube" ? (
        // The YouTube API replaces this element with its own iframe.
        <div style={{ width: "100%", height: "100%", borderRadius: 8, overflow: "hidden", background: "black" }}>
          <div ref={host} title={title} />
        </div>
      ) : (
        <iframe
          ref={iframe}
          src={embedUrl}
          title={title}
          style={{ border: 0, width: "100%", height: "100%", borderRadius: 8 }}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
    </AspectRatio>
  );
}
