import { createFileRoute, redirect } from "@tanstack/react-router";

/** /dashboard is an alias of / (DESIGN section 5): permit pages send users here after saving. */
export const Route = createFileRoute("/_app/dashboard")({
  beforeLoad: () => {
    throw redirect({ to: "/", replace: true });
  },
});
