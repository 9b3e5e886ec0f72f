// The "common" namespace: texts of src/components, src/routes and src/lib (lib/i18n/index.ts).
export default {
  common: {
    loading: "Loading",
    labels: {
      role: { admin: "Admin", manager: "Manager", worker: "Worker" },
    },
    language: {
      label: "Language",
      en: "English",
      es: "Español",
      saveFailed: "Your language could not be saved. Please try again.",
    },
  },
} as const;
