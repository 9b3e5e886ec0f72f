import { Card } from "@mantine/core";
import { decidePermitAction } from "@sitesafe/domain";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { BackAnchor } from "../../components/BackLink";
import { PageHeader } from "../../components/PageHeader";
import { ErrorState, FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, errorStatus, invalidateLists, trpc } from "../../lib/trpc";
import { PermitNotFound, permitIdFromParam } from "./PermitDetailPage";
import { PermitForm } from "./PermitForm";

/** /forms/hot-work-permits/:id/edit. Without edit rights the user lands on the detail page. */
export function PermitEditPage({ idParam }: { idParam: string }) {
  const { t } = useTranslation("permits");
  const id = permitIdFromParam(idParam);
  const actor = useActor();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const refreshLists = () => invalidateLists(utils.permits);
  const query = trpc.permits.byId.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const update = trpc.permits.update.useMutation({
    onSuccess: (updated) => {
      notifySuccess(t("edit.updatedTitle"), t("edit.updatedMessage"));
      utils.permits.byId.setData({ id: updated.id }, updated);
      void refreshLists();
      // Back on the permit's own page, which shows what was saved.
      void navigate({ to: "/forms/hot-work-permits/$id", params: { id: String(updated.id) } });
    },
    onError: (error) => notifyError(t("edit.updateFailed"), errorMessage(error)),
  });

  if (id === null) return <PermitNotFound />;
  if (query.isPending || !actor) return <FullPageSpinner />;
  if (query.isError) {
    const status = errorStatus(query.error);
    if (status === 403 || status === 404 || status === 400) return <PermitNotFound />;
    return <ErrorState message={errorMessage(query.error, t("edit.loadFailed"))} onRetry={() => void query.refetch()} />;
  }
  const permit = query.data;
  const decision = decidePermitAction(actor, "edit", {
    status: permit.status,
    projectId: permit.projectId,
    requestedBy: permit.requestedBy,
  });
  // After a successful save the navigation to the permit is pending; stay on the form meanwhile.
  if (!decision.allowed && !update.isSuccess) {
    return <Navigate to="/forms/hot-work-permits/$id" params={{ id: String(permit.id) }} replace />;
  }

  return (
    <>
      <BackAnchor to={`/forms/hot-work-permits/${permit.id}`} label={t("edit.back")} />
      <PageHeader title={t("edit.title")} subtitle={permit.title} />
      <Card withBorder radius="md" padding="lg">
        <PermitForm
          permit={permit}
          submitLabel={t("edit.submit")}
          submitting={update.isPending || update.isSuccess}
          onSubmit={(data) => update.mutateAsync({ id: permit.id, ...data })}
          onCancel={() => void navigate({ to: "/forms/hot-work-permits/$id", params: { id: String(permit.id) } })}
        />
      </Card>
    </>
  );
}
