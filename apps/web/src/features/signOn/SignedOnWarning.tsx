import { Alert, List } from "@mantine/core";
import { signedOnNames } from "@sitesafe/domain";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";

/** In the close dialog of a permit: the people still signed onto it, so nobody is left working on a closed permit. */
export function SignedOnWarning({ permitId }: { permitId: number }) {
  const { t } = useTranslation("signOn");
  const query = trpc.signOn.status.useQuery({ kind: "permit", id: permitId });
  const names = query.data ? signedOnNames(query.data.signatures) : [];
  if (names.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t("close.warningTitle")}
      data-testid="signed-on-warning"
    >
      {t("close.warning", { count: names.length })}
      <List size="sm" mt={4}>
        {names.map((name) => (
          <List.Item key={name}>{name}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
