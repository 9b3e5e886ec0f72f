import { useMediaQuery } from "@mantine/hooks";

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;

/** Mobile layout: a mobile user agent, or a window 768 px wide or less (docs/product.md). */
const MOBILE_MAX_WIDTH = 768;

export function useIsMobile(): boolean {
  const narrow = useMediaQuery(
    `(max-width: ${MOBILE_MAX_WIDTH}px)`,
    typeof window !== "undefined" && window.innerWidth <= MOBILE_MAX_WIDTH,
  );
  const mobileAgent = typeof navigator !== "undefined" && MOBILE_UA.test(navigator.userAgent);
  return Boolean(narrow) || mobileAgent;
}

/** The same test outside React, as the page opens (to start loading what only wider screens show). */
export function isMobileNow(): boolean {
  if (typeof window === "undefined") return false;
  return window.innerWidth <= MOBILE_MAX_WIDTH || MOBILE_UA.test(navigator.userAgent);
}
