import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The spinner while a page or the user loads. Its own module: the entry chunk loads it. */
export function FullPageSpinner() {
  const { t } = useTranslation("common");
  return (
    // The label sits on a status region: on the loader's own <span> (no role) axe calls it a
    // prohibited attribute.
    <Center h="60vh" aria-busy="true" role="status" aria-label={t("loading")}>
      <Loader color="orange" />
    </Center>
  );
}
