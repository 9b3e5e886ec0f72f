import { Alert, Select } from "@mantine/core";
import { IconAlertTriangle, IconCertificate } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";

/**
 * The permit form's optional pick of a worker as fire watch (issue #36), next to the typed name,
 * and its warning: the picked worker holds no valid fire-watch credential (and, when the project
 * makes it blocking, the permit cannot be approved). The server checks again at approval.
 */
export function FireWatchPick({
  projectId,
  workers,
  value,
  onChange,
}: {
  projectId: number;
  workers: { id: number; firstName: string; lastName: string; projectIds: number[] }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("credentials");
  const onProject = workers.filter((w) => projectId > 0 && w.projectIds.includes(projectId));
  const workerId = Number(value);
  const check = trpc.credentials.fireWatchCheck.useQuery({ id: projectId, workerId }, { enabled: projectId > 0 && workerId > 0 });
  const picked = onProject.find((w) => w.id === workerId);
  const name = picked ? `${picked.firstName} ${picked.lastName}` : "";
  return (
    <>
      <Select
        label={t("fireWatch.pick")}
        placeholder={t("fireWatch.pickPlaceholder")}
        data={onProject.map((w) => ({ value: String(w.id), label: `${w.firstName} ${w.lastName}` }))}
        value={value || null}
        onChange={(v) => onChange(v ?? "")}
        clearable
        searchable
        data-path="fireWatchWorkerId"
      />
      {check.data && picked ? (
        check.data.valid ? (
          <Alert color="green" variant="light" icon={<IconCertificate size={18} />} data-testid="fire-watch-credential-ok">
            {t("fireWatch.valid", { name })}
          </Alert>
        ) : (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="fire-watch-credential-warning">
            {t("fireWatch.noCredential", { name })}
            {check.data.blocking ? ` ${t("fireWatch.blocking")}` : ""}
          </Alert>
        )
      ) : null}
    </>
  );
}
