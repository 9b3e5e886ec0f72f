import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { restErrorMessage } from "../../lib/rest";

/** The sign-in or registration form's failure, above its fields: the server's message, else `fallback`. */
export function SignInError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {restErrorMessage(error, fallback)}
    </Alert>
  );
}
