/**
 * Loads a third-party script once (the YouTube and Vimeo player APIs), failing after a timeout
 * so a page offline or behind a filter falls back instead of waiting forever.
 */
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string, timeoutMs = 8000): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    const timer = window.setTimeout(() => fail(new Error(`Timed out loading ${src}`)), timeoutMs);
    const fail = (error: Error) => {
      window.clearTimeout(timer);
      loading.delete(src);
      script.remove();
      reject(error);
    };
    script.src = src;
    script.async = true;
    script.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail(new Error(`Could not load ${src}`));
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
