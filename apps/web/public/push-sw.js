/*
 * Web Push in the service worker (docs/notifications.md). vite-plugin-pwa's generated sw.js loads
 * this file with importScripts (workbox.importScripts in vite.config.ts), from this origin, so the
 * page's CSP (script-src 'self', worker-src 'self') is kept. The server sends
 * { title, body, url, lang, tag, urgent } (apps/api/src/services/push.ts), already in the reader's
 * language; this shows it, and a click opens or focuses the app at its url.
 */
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" && data.title ? data.title.slice(0, 200) : "SiteSafe";
  // Only a path of this app is opened: a push can never send the user elsewhere.
  const url = typeof data.url === "string" && data.url.startsWith("/") && !data.url.startsWith("//") ? data.url : "/";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body.slice(0, 1000) : "",
      lang: data.lang === "es" ? "es" : "en",
      // The same notification sent twice (a retried job) replaces itself rather than showing twice.
      tag: typeof data.tag === "string" ? data.tag.slice(0, 100) : undefined,
      requireInteraction: data.urgent === true,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = event.notification.data?.url || "/";
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && "focus" in client) {
          return client.focus().then((focused) => (focused && "navigate" in focused ? focused.navigate(target) : focused));
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
