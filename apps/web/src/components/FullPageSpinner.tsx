import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The spinner while a page or the user loads. Its own module: the entry chunk loads it. */
export function FullPageSpinner() {
  const { t } = useTranslation("common");
  return (
    <Center h="60vh" aria-busy="true">
      <Loader color="orange" aria-label={t("loading")} />
    </Center>
  );
}
