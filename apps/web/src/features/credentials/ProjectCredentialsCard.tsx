import { Alert, Anchor, Badge, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconId } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComplianceBar } from "../../components/ComplianceBar";
import { TitledCard } from "../../components/TitledCard";
import { errorMessage, trpc } from "../../lib/trpc";
import { useTypeName } from "./CredentialsCard";

const STANDING_COLOR = { met: "green", expiring: "orange", pending: "yellow", missing: "red" } as const;

/**
 * A project's crew on its required credentials (issue #36, docs/product.md "Credentials"): met /
 * required over the crew, those expiring within 30 days, and each worker's gaps. The project page
 * shows it to staff only (the caller checks `can()`).
 */
export function ProjectCredentialsCard({ projectId, manageLink }: { projectId: number; manageLink: boolean }) {
  const { t } = useTranslation("credentials");
  const typeName = useTypeName();
  const query = trpc.credentials.projectCompliance.useQuery({ id: projectId });
  const data = query.data;

  return (
    <TitledCard
      icon={<IconId size={20} />}
      title={t("project.title")}
      testId="project-credentials"
      padding="lg"
      action={
        manageLink ? (
          <Anchor component={Link} to="/admin/credentials" size="sm">
            {t("project.manage")}
          </Anchor>
        ) : null
      }
    >
      {query.isPending ? (
        <Skeleton h={60} />
      ) : query.error || !data ? (
        <Text c="red" size="sm">
          {errorMessage(query.error, t("project.failed"))}
        </Text>
      ) : data.workers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("project.noCrew")}
        </Text>
      ) : data.required === 0 ? (
        <Text size="sm" c="dimmed">
          {t("project.none")}
        </Text>
      ) : (
        <Stack gap="sm">
          <div>
            <Text size="sm" mb={4} data-testid="project-credentials-summary">
              {t("project.summary", { met: data.met, required: data.required })}
            </Text>
            <ComplianceBar value={data.percent} context="projectCard" />
            {data.expiringSoon > 0 ? (
              <Text size="xs" c="orange" mt={4}>
                {t("project.expiring", { count: data.expiringSoon })}
              </Text>
            ) : null}
          </div>
          {data.workers
            .filter((w) => w.required > 0)
            .map((w) => (
              <Stack key={w.workerId} gap={4} data-testid="project-credentials-worker">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor component={Link} to={`/workers/${w.workerId}`} size="sm" fw={600} truncate>
                    {w.workerName}
                  </Anchor>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {t("project.workerSummary", { met: w.met, required: w.required })}
                  </Text>
                </Group>
                <Group gap={4}>
                  {w.items
                    .filter((i) => i.standing !== "met")
                    .map((i) => (
                      <Badge key={i.credentialTypeId} size="sm" variant="light" color={STANDING_COLOR[i.standing]}>
                        {typeName(i)}: {t(`compliance.standing.${i.standing}`)}
                      </Badge>
                    ))}
                </Group>
              </Stack>
            ))}
        </Stack>
      )}
    </TitledCard>
  );
}

/** The warning an assignment answers with: the required types the worker lacks (a yellow alert). */
export function AssignmentCredentialWarning({
  name,
  warnings,
  onClose,
}: {
  name: string | null;
  warnings: { credentialTypeId: number; typeNameEn: string; typeNameEs: string; standing: "missing" | "pending" }[];
  onClose: () => void;
}) {
  const { t } = useTranslation("credentials");
  const typeName = useTypeName();
  if (warnings.length === 0) return null;
  const missing = warnings.filter((w) => w.standing === "missing").map(typeName);
  const pending = warnings.filter((w) => w.standing === "pending").map(typeName);
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title={name ? t("assignWarning.title", { name }) : t("assignWarning.titleAnonymous")}
      withCloseButton
      onClose={onClose}
      mb="sm"
      data-testid="assignment-credential-warning"
    >
      {missing.length ? <Text size="sm">{t("assignWarning.missing", { types: missing.join(", ") })}</Text> : null}
      {pending.length ? <Text size="sm">{t("assignWarning.pending", { types: pending.join(", ") })}</Text> : null}
    </Alert>
  );
}
