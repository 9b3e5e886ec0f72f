export default {
  offline: {
    updateReady: "Hay una nueva versión de SiteSafe lista.",
    reloadToUpdate: "Recargar para actualizar",
    unreachable: "No se puede conectar con el servidor.",
    offline: "Está sin conexión.",
    savedAt: "Lo que ve se guardó en este dispositivo el {{date}}.",
    nothingSaved: "Todavía no se ha guardado nada en este dispositivo.",
    waiting_one: "1 reporte espera en la Bandeja de salida.",
    waiting_other: "{{count}} reportes esperan en la Bandeja de salida.",
  },
} as const;
