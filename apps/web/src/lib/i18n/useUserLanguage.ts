import { useEffect } from "react";
import { notifyError } from "../notify";
import { trpc } from "../trpc";
import { applyLanguage, currentLanguage, i18n, isLanguage, type Language } from ".";

// The language saved on the user: users.language, tRPC auth.setLanguage (docs/api.md).

/** The saved language of the signed-in user wins over the browser's (applied as soon as known); null (never chosen) leaves the browser's. */
export function useApplySavedLanguage(user: { language?: string | null } | null | undefined) {
  const saved = user?.language;
  useEffect(() => {
    if (isLanguage(saved) && saved !== currentLanguage()) void applyLanguage(saved);
  }, [saved]);
}

/** Saves a choice made in the header or on the profile on the user, for every device. */
export function useSaveLanguage(): (language: Language) => void {
  const utils = trpc.useUtils();
  const setLanguage = trpc.auth.setLanguage.useMutation({
    onSuccess: () => void utils.auth.session.invalidate(),
    onError: () => notifyError(i18n.t("common:language.saveFailed")),
  });
  return (language) => setLanguage.mutate({ language });
}
