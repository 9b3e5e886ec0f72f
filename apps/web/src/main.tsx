import "./styles/firstScreen";
import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { FullPageSpinner } from "./components/FullPageSpinner";
import { hasSavedCache } from "./features/offline/savedCache";
import { UpdatePrompt } from "./features/offline/UpdatePrompt";
import { loadAppTexts, startI18n } from "./lib/i18n";
import { routeTree } from "./routeTree.gen";
import { cssVariablesResolver, theme } from "./theme";
import "./touch.css";

const router = createRouter({
  routeTree,
  defaultPendingComponent: FullPageSpinner,
  defaultPreload: "intent",
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

/** Theme preference lives in the browser; light unless the user picks dark or system. */
const colorSchemeManager = localStorageColorSchemeManager({ key: "sitesafe-color-scheme" });

/**
 * Only what every page needs, /auth included: the theme and the router. tRPC, TanStack Query and
 * the toasts are provided by the protected layout (routes/_app.tsx), so the
 * sign-in page does not load them (bundle budget, scripts/check-bundle.mjs).
 */
function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
    >
      <RouterProvider router={router} />
      <UpdatePrompt />
    </MantineProvider>
  );
}

// A user's screens are saved on this device: load the signed-in screens' English now, alongside the
// layout's chunks, not after the layout mounts (components/ApiProvider.tsx waits for it and starts
// reading the saved cache as soon as its chunk runs). /auth and a device with nothing saved wait.
if (location.pathname !== "/auth" && hasSavedCache()) void loadAppTexts().catch(() => undefined);

const root = document.getElementById("root");
// English is bundled and ready at once; Spanish texts are loaded first so no screen flashes keys.
void startI18n().then(() => {
  if (root) {
    // A transition: React mounts the app in slices of a few milliseconds instead of one task that
    // blocks a phone's main thread (issue #37; the "Loading…" placeholder stays until it is done).
    const reactRoot = createRoot(root);
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  }
});
