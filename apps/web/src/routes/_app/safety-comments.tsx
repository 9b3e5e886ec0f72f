import { createFileRoute } from "@tanstack/react-router";
import { SafetyCommentsPage } from "../../features/comments/SafetyCommentsPage";

export const Route = createFileRoute("/_app/safety-comments")({
  component: SafetyCommentsPage,
});
