// El espacio de nombres "common": textos de src/components, src/routes y src/lib (lib/i18n/index.ts).
export default {
  common: {
    loading: "Cargando",
    labels: {
      role: { admin: "Administrador", manager: "Gerente", worker: "Trabajador" },
    },
    language: {
      label: "Idioma",
      en: "English",
      es: "Español",
      saveFailed: "No se pudo guardar su idioma. Inténtelo de nuevo.",
    },
  },
} as const;
