export default {
  outbox: {
    title: "Bandeja de salida",
    subtitle: "Reportes guardados en este dispositivo sin conexión. Se envían solos cuando vuelve la conexión.",
    sendNow: "Enviar ahora",
    empty: "La Bandeja de salida está vacía. Todo lo que usted envió llegó al servidor.",
    saved: "guardado el {{date}}",
    sent: "enviado el {{date}}",
    refused: "El servidor lo rechazó",
    open: "Abrir",
    editAndRetry: "Corregir y reintentar",
    retry: "Reintentar",
    removeFromList: "Quitar de la lista",
    discard: "Descartar",
    discardTitle: "¿Descartar este elemento?",
    discardMessage: "No ha llegado al servidor. Si lo descarta, se borra de este dispositivo para siempre.",
    discardMessageWithPhotos:
      "No ha llegado al servidor. Si lo descarta, se borra de este dispositivo para siempre, junto con sus fotos ({{photos}}).",
    photoFor: "Para: {{report}}",
    edit: "Corregir: {{kind}}",
    saveAndRetry: "Guardar y reintentar",
    readOnlyNote:
      "Las listas y las respuestas agrupadas no se pueden cambiar aquí. Para cambiarlas, descarte este elemento y llene el formulario de nuevo.",
    emptyValue: "(vacío)",
    button: "Bandeja de salida",
    buttonWaiting: "Bandeja de salida, {{count}} en espera",
    queuedTitle: "Guardado en la Bandeja de salida",
    queuedMessage: "Está sin conexión. Se enviará automáticamente cuando vuelva la conexión.",
    sentTitle: "Bandeja de salida enviada",
    sentMessage_one: "Se envió 1 elemento de la Bandeja de salida.",
    sentMessage_other: "Se enviaron {{count}} elementos de la Bandeja de salida.",
    limits: {
      notKeptTitle: "No se guardó en este dispositivo",
      noRoom:
        "Este dispositivo ya no tiene espacio para guardarlo. Envíe o descarte elementos de la Bandeja de salida y vuelva a intentarlo.",
      full: "La Bandeja de salida está llena ({{max}} elementos). Envíe o descarte algunos y vuelva a intentarlo.",
      photosFull:
        "Las fotos en espera en la Bandeja de salida ya ocupan {{size}} MB. Deje que se suban o descarte algunas y vuelva a intentarlo.",
    },
    labels: {
      status: { pending: "Esperando para enviar", sending: "Enviando", sent: "Enviado", failed: "Rechazado" },
      kind: {
        jha_create: "Formulario JHA",
        jha_addComment: "Comentario de JHA",
        incidents_create: "Reporte de incidente",
        permits_create: "Solicitud de permiso de trabajo en caliente",
        comments_create: "Mensaje de seguridad",
        training_createProgress: "Avance de capacitación",
        videos_createProgress: "Avance de video",
        photos_upload: "Foto",
      },
    },
  },
} as const;
