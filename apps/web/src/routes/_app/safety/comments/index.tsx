import { createFileRoute } from "@tanstack/react-router";
import { SafetyCommentsPage } from "../../../../features/comments/SafetyCommentsPage";

/**
 * The product also reaches the safety communication page at /safety/comments. An index route in a
 * folder: a route file named comments beside this folder would collide with safety-comments.tsx in the generated
 * route tree (both become `AppSafetyCommentsRoute`).
 */
export const Route = createFileRoute("/_app/safety/comments/")({
  component: SafetyCommentsPage,
});
