import { loadScript } from "../../lib/externalScript";

/**
 * The small parts of the YouTube IFrame Player API and the Vimeo player API we use: enough to
 * read how far a video has played and when it ended. Both scripts are allowed by the CSP in
 * apps/api/src/server.ts.
 */

export interface YouTubePlayer {
  getCurrentTime(): number;
  getDuration(): number;
  destroy(): void;
}

interface YouTubeNamespace {
  Player: new (
    element: HTMLElement,
    options: {
      host?: string;
      videoId: string;
      width?: string;
      height?: string;
      playerVars?: Record<string, string | number>;
      events?: {
        onReady?: () => void;
        onStateChange?: (event: { data: number }) => void;
        onError?: () => void;
      };
    },
  ) => YouTubePlayer;
  PlayerState: { ENDED: number; PLAYING: number };
}

export interface VimeoPlayer {
  on(event: "timeupdate", handler: (data: { percent: number }) => void): void;
  on(event: "ended" | "error", handler: () => void): void;
  ready(): Promise<void>;
  destroy(): Promise<void>;
}

type VimeoNamespace = { Player: new (element: HTMLIFrameElement) => VimeoPlayer };

declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
    Vimeo?: VimeoNamespace;
  }
}

let youTube: Promise<YouTubeNamespace> | null = null;

/** The YouTube API, once its script has loaded and called onYouTubeIframeAPIReady. */
export function loadYouTubeApi(): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  youTube ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT) resolve(window.YT);
    };
    loadScript("https://www.youtube.com/iframe_api").catch((error: unknown) => {
      youTube = null;
      reject(error);
    });
  });
  return youTube;
}

export async function loadVimeoApi(): Promise<VimeoNamespace> {
  if (window.Vimeo?.Player) return window.Vimeo;
  await loadScript("https://player.vimeo.com/api/player.js");
  if (!window.Vimeo?.Player) throw new Error("The Vimeo player API did not load");
  return window.Vimeo;
}
