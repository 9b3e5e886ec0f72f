import { shouldSaveVideoProgress, videoSource } from "@sitesafe/domain";
import { AspectRatio, Center, Stack, Text } from "@mantine/core";
import { IconVideoOff } from "@tabler/icons-react";
import { useRef } from "react";

/**
 * YouTube (privacy-enhanced) and Vimeo play in their iframes; a direct .mp4 plays in a <video>
 * element that reports real progress from currentTime / duration at each 10% and at 95%.
 */
export function VideoPlayer({
  url,
  title,
  watched,
  onProgress,
}: {
  url: string;
  title: string;
  /** The stored watched percentage: saving resumes above it. */
  watched: number;
  onProgress?: ((percentage: number) => void) | undefined;
}) {
  const source = videoSource(url);
  const lastSaved = useRef(watched);
  lastSaved.current = Math.max(lastSaved.current, watched);

  if (!source) {
    return (
      <AspectRatio ratio={16 / 9}>
        <Center bg="dark.7" style={{ borderRadius: 8 }}>
          <Stack align="center" gap={4}>
            <IconVideoOff size={36} color="white" />
            <Text c="white" size="sm">
              This video link cannot be played here.
            </Text>
          </Stack>
        </Center>
      </AspectRatio>
    );
  }

  if (source.kind === "file") {
    const report = (el: HTMLVideoElement, ended = false) => {
      if (!onProgress || !Number.isFinite(el.duration) || el.duration <= 0) return;
      const pct = ended ? 100 : Math.min(100, Math.floor((el.currentTime / el.duration) * 100));
      if (shouldSaveVideoProgress(pct, lastSaved.current)) {
        lastSaved.current = pct;
        onProgress(pct);
      }
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
          onTimeUpdate={(e) => report(e.currentTarget)}
          onEnded={(e) => report(e.currentTarget, true)}
        />
      </AspectRatio>
    );
  }

  return (
    <AspectRatio ratio={16 / 9}>
      <iframe
        src={source.embedUrl}
        title={title}
        style={{ border: 0, width: "100%", height: "100%", borderRadius: 8 }}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </AspectRatio>
  );
}
