import { createFileRoute, redirect } from "@tanstack/react-router";

/** /dashboard is an alias of / (docs/product.md): permit pages send users here after saving. */
export const Route = createFileRoute("/_app/dashboard")({
  beforeLoad: () => {
    throw redirect({ to: "/", replace: true });
  },
});
