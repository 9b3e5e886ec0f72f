import { Button, Group } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { applyLanguage, currentLanguage, type Language, supportedLanguages } from "../lib/i18n";

/**
 * English / Español, each language named in itself (a visitor who reads only one finds it). The
 * UI switches at once; `onChosen` then saves the choice (on the user when signed in).
 */
export function LanguageSwitch({ onChosen, size = "compact-sm" }: { onChosen?: (language: Language) => unknown; size?: string }) {
  const { t, i18n } = useTranslation("common");
  const [pending, setPending] = useState<Language | null>(null);
  const active = currentLanguage();
  const choose = (language: Language) => {
    if (language === active) return;
    setPending(language);
    void applyLanguage(language)
      .then(() => onChosen?.(language))
      .finally(() => setPending(null));
  };
  return (
    <Group gap={4} role="group" aria-label={t("language.label")} data-language={i18n.language} justify="center">
      {supportedLanguages.map((language) => (
        <Button
          key={language}
          lang={language}
          size={size}
          variant={language === active ? "light" : "subtle"}
          color={language === active ? "orange" : "gray"}
          aria-pressed={language === active}
          loading={pending === language}
          onClick={() => choose(language)}
        >
          {t(`language.${language}`)}
        </Button>
      ))}
    </Group>
  );
}
