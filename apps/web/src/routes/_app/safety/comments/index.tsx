import { createFileRoute } from "@tanstack/react-router";
import { SafetyCommentsPage } from "../../../../features/comments/SafetyCommentsPage";

/**
 * The product also reaches the safety communication page at /safety/comments. An index route in a
 * folder: a file safety/comments.tsx would collide with safety-comments.tsx in the generated
 * route tree (both become `AppSafetyCommentsRoute`).
 */
export const Route = createFileRoute("/_app/safety/comments/")({
  component: SafetyCommentsPage,
});
