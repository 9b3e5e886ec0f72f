import { DatesProvider } from "@mantine/dates";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Mantine's date pickers in the UI's language (month and day names come from dayjs, whose Spanish
 * locale lib/i18n loads with the Spanish texts). Part of the signed-in layout: /auth has no dates.
 */
export function DatesLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language }}>{children}</DatesProvider>;
}
