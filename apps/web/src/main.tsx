import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/dates/styles.css";
import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { FullPageSpinner } from "./components/States";
import { createQueryClient, createTrpcClient, trpc } from "./lib/trpc";
import { routeTree } from "./routeTree.gen";
import { theme } from "./theme";

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

function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
          <ModalsProvider>
            <Notifications position="top-right" limit={1} autoClose={5000} />
            <RouterProvider router={router} />
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
