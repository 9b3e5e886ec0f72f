/**
 * The server's and the domain schemas' messages in Spanish. Every message SiteSafe produces is
 * written in English (the product's text, word for word); this turns one into Spanish for a user
 * who chose Spanish: the API for its error answers (apps/api/src/language.ts), the web app for the
 * schemas' messages in its forms. Not exported from the package's index: the web loads it only
 * when Spanish is active ("@sitesafe/domain/i18n/messagesEs").
 *
 * Exact messages first, then the templated ones ("<what> not found", counts, statuses). Anything
 * unknown is returned as it is. i18n/messagesEs.test.ts walks the messages of packages/domain and
 * apps/api and fails on one without a translation here.
 */

const exact: Record<string, string> = {
  // Credentials (credentials.ts): "certificación" throughout
  "A credential has two photos, the front and the back of the card. Delete one before adding another.":
    "Una certificación tiene dos fotos, el frente y el reverso de la tarjeta. Elimine una antes de agregar otra.",
  "Credential type is required": "El tipo de certificación es obligatorio",
  "Please select a valid credential type": "Elija un tipo de certificación válido",
  "Expiry date must be on or after the issue date": "La fecha de vencimiento debe ser igual o posterior a la fecha de emisión",
  "You can only add credentials to your own profile": "Solo puede agregar certificaciones a su propio perfil",
  "You cannot verify or reject your own credential": "No puede verificar ni rechazar su propia certificación",
  "Only admins and managers can verify credentials": "Solo los administradores y gerentes pueden verificar certificaciones",
  "A reason is required to reject a credential": "Se necesita un motivo para rechazar una certificación",
  "Only a submitted credential can be verified or rejected": "Solo una certificación enviada puede verificarse o rechazarse",
  "A verified credential can only be removed by staff": "Solo el personal puede eliminar una certificación verificada",
  "A credential type with this name already exists": "Ya existe un tipo de certificación con este nombre",
  "This credential type is already required there": "Este tipo de certificación ya se exige ahí",
  "Choose either a position or a project": "Elija un puesto o un proyecto, no ambos",
  "The CSV file is larger than 200 KB. Split it into smaller files.":
    "El archivo CSV pesa más de 200 KB. Divídalo en archivos más pequeños.",
  "The CSV file has more than 1000 rows. Split it into smaller files.":
    "El archivo CSV tiene más de 1000 filas. Divídalo en archivos más pequeños.",
  "The CSV file has no rows to import": "El archivo CSV no tiene filas para importar",
  "The first line must name the columns: email, type, number, issuer, issueDate, expiryDate":
    "La primera línea debe nombrar las columnas: email, type, number, issuer, issueDate, expiryDate",
  "Credential number must not exceed 100 characters": "El número de certificación no debe superar los 100 caracteres",
  "Issuer must not exceed 200 characters": "El emisor no debe superar los 200 caracteres",
  "Position must not exceed 100 characters": "El puesto no debe superar los 100 caracteres",
  "Reason must not exceed 500 characters": "El motivo no debe superar los 500 caracteres",
  "English name is required": "El nombre en inglés es obligatorio",
  "English name must not exceed 100 characters": "El nombre en inglés no debe superar los 100 caracteres",
  "Spanish name is required": "El nombre en español es obligatorio",
  "Spanish name must not exceed 100 characters": "El nombre en español no debe superar los 100 caracteres",
  "Validity must be a whole number of months from 1 to 240": "La vigencia debe ser un número entero de meses de 1 a 240",
  "Blocking must be true or false": "Bloqueante debe ser verdadero o falso",
  "No worker has this e-mail address": "Ningún trabajador tiene este correo electrónico",
  "Unknown credential type": "Tipo de certificación desconocido",
  "The same credential appears twice in the file or is already on the worker":
    "La misma certificación aparece dos veces en el archivo o el trabajador ya la tiene",
  "Only admins, managers and workers with a worker profile can add credentials":
    "Solo los administradores, gerentes y trabajadores con perfil de trabajador pueden agregar certificaciones",
  "Only admins, managers and workers with a worker profile can delete credentials":
    "Solo los administradores, gerentes y trabajadores con perfil de trabajador pueden eliminar certificaciones",
  "You can only see your own credentials": "Solo puede ver sus propias certificaciones",
  "Credentials filter must be attention": "El filtro de certificaciones debe ser attention",
  "The worker lacks a valid credential this project requires, and the requirement is blocking. Add and verify the credential first.":
    "Al trabajador le falta una certificación vigente que este proyecto exige, y el requisito es bloqueante. Agregue y verifique la certificación primero.",
  "The fire watch must be a worker of this project": "El vigilante de incendios debe ser un trabajador de este proyecto",
  "The fire watch has no valid fire-watch credential":
    "El vigilante de incendios no tiene una certificación de vigilante de incendios vigente",
  "This project requires a valid fire-watch credential: the fire watch has none, so the permit cannot be approved":
    "Este proyecto exige una certificación de vigilante de incendios vigente: el vigilante no la tiene, así que el permiso no puede aprobarse",
  // Inspections and corrective actions (inspections.ts, correctiveActions.ts)
  "Only the action's owner or a manager can work on this action":
    "Solo el responsable de la acción o un gerente puede trabajar en esta acción",
  "Someone other than the owner must verify the fix": "La corrección debe verificarla alguien distinto del responsable",
  "Only whoever raised the action or a manager can verify it": "Solo quien levantó la acción o un gerente puede verificarla",
  "Only whoever raised the action or a manager can change it": "Solo quien levantó la acción o un gerente puede cambiarla",
  "Add a photo of the fix before a high-priority action can be closed":
    "Agregue una foto de la corrección antes de cerrar una acción de prioridad alta",
  "A closed action cannot be changed": "Una acción cerrada no se puede cambiar",
  "Description must not exceed 2000 characters": "La descripción no debe superar los 2000 caracteres",
  "Priority must be high, medium or low": "La prioridad debe ser alta, media o baja",
  "Please select a valid action owner": "Elija un responsable válido para la acción",
  "Please enter a valid due date": "Escriba una fecha límite válida",
  "Say why the fix is not accepted": "Indique por qué no se acepta la corrección",
  "Reason must not exceed 1000 characters": "El motivo no debe superar los 1000 caracteres",
  "Status must be open, in_progress, awaiting_verification or closed":
    "El estado debe ser open, in_progress, awaiting_verification o closed",
  "Only an open action can be started": "Solo se puede iniciar una acción abierta",
  "Only an open or in-progress action can be marked fixed": "Solo una acción abierta o en curso se puede marcar como corregida",
  "Only an action awaiting verification can be verified": "Solo se puede verificar una acción pendiente de verificación",
  "Only an action awaiting verification can be sent back": "Solo se puede devolver una acción pendiente de verificación",
  "The action changed meanwhile; reload it": "La acción cambió mientras tanto; vuelva a cargarla",
  "You can only view corrective actions of your projects or assigned to you":
    "Solo puede ver las acciones correctivas de sus proyectos o asignadas a usted",
  "Raise an action from an incident report or a JHA form, not both":
    "Levante una acción desde un reporte de incidente o un formulario de JHA, no desde ambos",
  "Please select a valid incident report": "Elija un reporte de incidente válido",
  "Please select a valid JHA form": "Elija un formulario de JHA válido",
  "Only admins, managers and crew leads can raise corrective actions":
    "Solo los administradores, gerentes y jefes de cuadrilla pueden levantar acciones correctivas",
  "Only admins, managers and crew leads can record inspections":
    "Solo los administradores, gerentes y jefes de cuadrilla pueden registrar inspecciones",
  "Template name is required": "El nombre de la plantilla es obligatorio",
  "Template name must not exceed 200 characters": "El nombre de la plantilla no debe superar los 200 caracteres",
  "A template needs at least one section with one item": "Una plantilla necesita al menos una sección con un punto",
  "Item text is required": "El texto del punto es obligatorio",
  "Item text must not exceed 300 characters": "El texto del punto no debe superar los 300 caracteres",
  "Section title must not exceed 200 characters": "El título de la sección no debe superar los 200 caracteres",
  "Each item of a template needs its own key": "Cada punto de una plantilla necesita su propia clave",
  "The lowest passing number must not be above the highest": "El número mínimo aceptable no debe ser mayor que el máximo",
  "Weight must be a whole number from 0 to 10": "El peso debe ser un número entero de 0 a 10",
  "Item key is required": "La clave del punto es obligatoria",
  "Item key must be 1 to 40 lowercase letters, digits or dashes": "La clave del punto debe tener de 1 a 40 minúsculas, dígitos o guiones",
  "Item type must be passFail, yesNo, number or text": "El tipo de punto debe ser passFail, yesNo, number o text",
  "Item note must not exceed 500 characters": "La nota del punto no debe superar los 500 caracteres",
  "Unit must not exceed 20 characters": "La unidad no debe superar los 20 caracteres",
  "A section can have at most 100 items": "Una sección puede tener como máximo 100 puntos",
  "A template can have at most 30 sections": "Una plantilla puede tener como máximo 30 secciones",
  "Please select a valid template": "Elija una plantilla válida",
  "Please select a valid template to copy": "Elija una plantilla válida para copiar",
  "Please select a valid template version": "Elija una versión válida de la plantilla",
  "Answer every item of the inspection": "Responda todos los puntos de la inspección",
  "An answer names an item the template does not have": "Una respuesta nombra un punto que la plantilla no tiene",
  "An answer does not fit its item": "Una respuesta no corresponde a su punto",
  "This item needs a photo when it fails": "Este punto necesita una foto cuando no cumple",
  "An inspection item can have at most 5 photos.": "Un punto de la inspección puede tener como máximo 5 fotos.",
  "An inspection can have at most 30 photos.": "Una inspección puede tener como máximo 30 fotos.",
  "A photo can belong to only one item of an inspection": "Una foto puede pertenecer a un solo punto de la inspección",
  "A photo of this inspection was not found, is not yours or is already part of another inspection. Take the photo again.":
    "Una foto de esta inspección no se encontró, no es suya o ya forma parte de otra inspección. Tome la foto de nuevo.",
  "You have 60 photos waiting for an inspection. Submit or discard an inspection before adding more.":
    "Tiene 60 fotos esperando una inspección. Envíe o descarte una inspección antes de agregar más.",
  "Photos must be a list of photo ids": "Las fotos deben ser una lista de identificadores de fotos",
  "Only admins, managers and crew leads can add inspection photos":
    "Solo los administradores, gerentes y jefes de cuadrilla pueden agregar fotos de inspección",
  "An answer must not exceed 500 characters": "Una respuesta no debe superar los 500 caracteres",
  "Notes must not exceed 1000 characters": "Las notas no deben superar los 1000 caracteres",
  "The inspector's signature is required": "La firma del inspector es obligatoria",
  "Please enter a valid date and time": "Escriba una fecha y hora válidas",
  "An inspection can have at most 1000 answers": "Una inspección puede tener como máximo 1000 respuestas",
  "The signature image is too large": "La imagen de la firma es demasiado grande",
  "Frequency must be daily or weekly": "La frecuencia debe ser diaria o semanal",
  "A built-in template cannot be changed; copy it and edit the copy":
    "Una plantilla incluida no se puede cambiar; cópiela y edite la copia",
  "The template was changed meanwhile; reload it and edit the latest version":
    "La plantilla cambió mientras tanto; vuelva a cargarla y edite la última versión",
  "This project already has a schedule for this template": "Este proyecto ya tiene una programación para esta plantilla",
  "The inspection time cannot be more than 5 minutes in the future":
    "La hora de la inspección no puede estar más de 5 minutos en el futuro",
  "The inspection time cannot be more than 7 days ago": "La hora de la inspección no puede ser de hace más de 7 días",
  // Toolbox talks (talks.ts)
  "Topic is required": "El tema es obligatorio",
  "Talk content is required": "El contenido de la charla es obligatorio",
  "Date is required": "La fecha es obligatoria",
  "Presenter is required": "El presentador es obligatorio",
  "Please enter a valid date (YYYY-MM-DD)": "Escriba una fecha válida (AAAA-MM-DD)",
  "Topic must not exceed 200 characters": "El tema no debe superar los 200 caracteres",
  "Talk content must not exceed 10000 characters": "El contenido de la charla no debe superar los 10000 caracteres",
  "Language must be en or es": "El idioma debe ser en o es",
  "Please select a valid training module": "Elija un módulo de capacitación válido",
  "Please select a valid safety video": "Elija un video de seguridad válido",
  "Weeks must be a whole number from 1 to 26": "Las semanas deben ser un número entero de 1 a 26",
  "A toolbox talk has one group photo. Delete it before adding another.":
    "Una charla de seguridad tiene una sola foto de grupo. Elimínela antes de agregar otra.",
  "Please select a valid topic": "Elija un tema válido",
  "Presenter must not exceed 100 characters": "El presentador no debe superar los 100 caracteres",
  "Notes must not exceed 2000 characters": "Las notas no deben superar los 2000 caracteres",
  "Only admins, managers and crew leads can give toolbox talks":
    "Solo los administradores, gerentes y jefes de cuadrilla pueden dar charlas de seguridad",
  // Crew sign-on (signOn.ts)
  "The link must be valid until a time in the future": "El enlace debe ser válido hasta un momento futuro",
  "A sign-on link can be valid for at most 7 days": "Un enlace de firma puede ser válido 7 días como máximo",
  "Only whoever collects this record's sign-on can manage its sign-on links":
    "Solo quien registra las firmas de este registro puede administrar sus enlaces de firma",
  "This sign-on link is not valid": "Este enlace de firma no es válido",
  "This sign-on link has expired. Ask the foreman for a new one.": "Este enlace de firma ya venció. Pida uno nuevo al capataz.",
  "This sign-on link was revoked. Ask the foreman for a new one.": "Este enlace de firma fue anulado. Pida uno nuevo al capataz.",
  "Too many signatures through this link in the last minute. Please wait a moment and try again.":
    "Demasiadas firmas con este enlace en el último minuto. Espere un momento e inténtelo de nuevo.",
  "Sign-on links are made for JHA forms and toolbox talks":
    "Los enlaces de firma son para análisis de peligros (JHA) y charlas de seguridad",
  "Please sign in the box": "Firme dentro del recuadro",
  "The signature must be a PNG image": "La firma debe ser una imagen PNG",
  "The signature is too large (at most 128 KB)": "La firma es demasiado grande (128 KB como máximo)",
  "The signature image must be at most 2000 by 1000 pixels": "La imagen de la firma debe medir como máximo 2000 por 1000 píxeles",
  "Company is required": "La empresa es obligatoria",
  "Choose a name from the list or type a name, not both": "Elija un nombre de la lista o escriba uno, no las dos cosas",
  "Choose your name from the list, or type your name and company": "Elija su nombre de la lista, o escriba su nombre y su empresa",
  "The signer must be a worker assigned to the record's project": "Quien firma debe ser un trabajador asignado a la obra del registro",
  "You can only sign for yourself. Ask the foreman to hand you the crew sign-on.":
    "Usted solo puede firmar por sí mismo. Pida al capataz que le pase la firma de la cuadrilla.",
  "This person has already signed this version": "Esta persona ya firmó esta versión",
  "The record version must be the 64-character content hash": "La versión del registro debe ser el hash de contenido de 64 caracteres",
  "Only pending and approved permits can be signed onto": "Solo se puede firmar en permisos pendientes o aprobados",
  "Unknown record kind": "Tipo de registro desconocido",
  "Name must not exceed 100 characters": "El nombre no debe superar los 100 caracteres",
  "Company must not exceed 100 characters": "La empresa no debe superar los 100 caracteres",
  "Device description is too long": "La descripción del dispositivo es demasiado larga",
  "Took a crew signature": "Registró una firma de la cuadrilla",
  // The post-work fire watch (fireWatch.ts)
  "Only the fire watch, the requester or a manager can sign off the fire watch":
    "Solo la vigilancia contra incendios, el solicitante o un gerente pueden cerrar la vigilancia contra incendios",
  "This fire watch is already signed off": "Esta vigilancia contra incendios ya está cerrada",
  "The fire watch is still running; sign it off when it ends": "La vigilancia contra incendios sigue en curso; ciérrela cuando termine",
  "This permit has no fire watch to sign off": "Este permiso no tiene una vigilancia contra incendios que cerrar",
  "Confirm that the area was inspected": "Confirme que el área fue inspeccionada",
  "Confirm that there is no smoke": "Confirme que no hay humo",
  "Confirm that there is no heat": "Confirme que no hay calor",
  "Fire watch minutes must be a number": "Los minutos de vigilancia contra incendios deben ser un número",
  "Fire watch minutes must be a whole number": "Los minutos de vigilancia contra incendios deben ser un número entero",
  // Notifications (notifications.ts)
  "Unknown notification kind": "Tipo de aviso desconocido",
  "E-mail must be true or false": "El correo electrónico debe ser verdadero o falso",
  "Push must be true or false": "Push debe ser verdadero o falso",
  "Choose e-mail or push": "Elija correo electrónico o push",
  "Endpoint must be an https address": "El punto de conexión debe ser una dirección https",
  "Endpoint must be a known push service": "El punto de conexión debe ser un servicio push conocido",
  "This device is registered to another account": "Este dispositivo está registrado a otra cuenta",
  "Endpoint is too long": "El punto de conexión es demasiado largo",
  "Endpoint is required": "El punto de conexión es obligatorio",
  "Keys are required": "Las claves son obligatorias",
  "This notification is required for your role and cannot be switched off":
    "Este aviso es obligatorio para su función y no se puede desactivar",
  // Sessions and accounts
  "Not signed in": "No ha iniciado sesión",
  "You don't have permission to do this": "No tiene permiso para hacer esto",
  "Invalid username or password": "Usuario o contraseña incorrectos",
  "Too many failed login attempts. Try again later.": "Demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo más tarde.",
  "Missing credentials": "Faltan las credenciales",
  "Missing required fields": "Faltan campos obligatorios",
  "Please fill in all required fields.": "Llene todos los campos obligatorios.",
  "Username is required": "El nombre de usuario es obligatorio",
  "Username must be at least 3 characters": "El nombre de usuario debe tener al menos 3 caracteres",
  "Username is too long": "El nombre de usuario es demasiado largo",
  "Username already exists": "Ese nombre de usuario ya existe",
  "Password is required": "La contraseña es obligatoria",
  "Password must be at least 6 characters": "La contraseña debe tener al menos 6 caracteres",
  "Password is too long": "La contraseña es demasiado larga",
  "Password must be at least 8 characters long": "La contraseña debe tener al menos 8 caracteres",
  "Password must contain at least one lowercase letter": "La contraseña debe tener al menos una letra minúscula",
  "Password must contain at least one uppercase letter": "La contraseña debe tener al menos una letra mayúscula",
  "Password must contain at least one number": "La contraseña debe tener al menos un número",
  "Password must be at least 8 characters and include lowercase, uppercase, and numbers.":
    "La contraseña debe tener al menos 8 caracteres e incluir minúsculas, mayúsculas y números.",
  "Passwords do not match": "Las contraseñas no coinciden",
  "Please confirm your password": "Confirme su contraseña",
  "Current password is required": "La contraseña actual es obligatoria",
  "Current password is incorrect": "La contraseña actual no es correcta",
  "New password must be at least 8 characters": "La nueva contraseña debe tener al menos 8 caracteres",
  "Confirm password must be at least 8 characters": "La confirmación de la contraseña debe tener al menos 8 caracteres",
  "Email is required": "El correo electrónico es obligatorio",
  "Email is invalid": "El correo electrónico no es válido",
  "Email already exists": "Ese correo electrónico ya está registrado",
  "Please enter a valid email address": "Escriba un correo electrónico válido",
  "First name is required": "El nombre es obligatorio",
  "Last name is required": "El apellido es obligatorio",
  "Role is required": "El rol es obligatorio",
  "Role is too long": "El rol es demasiado largo",
  "Job role is required": "El puesto es obligatorio",
  "Company name is required": "El nombre de la empresa es obligatorio",
  "Company name is too long": "El nombre de la empresa es demasiado largo",
  "Hard hat number is required": "El número de casco es obligatorio",
  "Hard hat number is too long": "El número de casco es demasiado largo",
  "Emergency contact is too long": "El contacto de emergencia es demasiado largo",
  "Phone number is too long": "El número de teléfono es demasiado largo",
  "Phone number must be at least 10 digits": "El número de teléfono debe tener al menos 10 dígitos",
  "Invite token is required for admin and manager roles": "Se requiere un código de invitación para los roles de administrador y gerente",
  "Invalid invite token": "El código de invitación no es válido",
  "This invite token has already been used": "Este código de invitación ya se usó",
  "This invite token has expired": "Este código de invitación ya venció",
  "Only admins can issue admin invite tokens": "Solo los administradores pueden emitir códigos de invitación de administrador",
  "Expiry date cannot be in the past": "La fecha de vencimiento no puede estar en el pasado",
  "User is required": "El usuario es obligatorio",
  "You cannot delete your own account": "No puede eliminar su propia cuenta",
  "Language must be en (English) or es (Spanish)": "El idioma debe ser en (inglés) o es (español)",
  "Language must be es (Spanish)": "El idioma debe ser es (español)",

  // Service tokens
  "Invalid service token": "El token de servicio no es válido",
  "This service token has been revoked": "Este token de servicio fue revocado",
  "This service token has expired": "Este token de servicio ya venció",
  "This token is read-only: it can only be used for GET requests": "Este token es de solo lectura: solo se puede usar para solicitudes GET",
  "Service tokens cannot do this: sign in with your password":
    "Los tokens de servicio no pueden hacer esto: inicie sesión con su contraseña",
  "Only admins can create a token that never expires": "Solo los administradores pueden crear un token que nunca vence",
  "Name is required": "El nombre es obligatorio",
  "Name is too long": "El nombre es demasiado largo",
  "Name must be at most 100 characters": "El nombre debe tener como máximo 100 caracteres",
  "Scope must be either 'read' or 'read-write'": "El alcance debe ser 'read' (lectura) o 'read-write' (lectura y escritura)",
  "Expiry must be a number of days": "El vencimiento debe ser un número de días",
  "Expiry must be a whole number of days": "El vencimiento debe ser un número entero de días",
  "Expiry must be at least 1 day": "El vencimiento debe ser de al menos 1 día",

  // Generic answers of the API
  "Not found": "No se encontró",
  "Invalid input": "Datos no válidos",
  "Internal server error": "Error interno del servidor",
  "This record already exists": "Este registro ya existe",
  "A referenced record does not exist": "Un registro al que se hace referencia no existe",
  "The record was changed at the same time by someone else. Please try again.":
    "Otra persona cambió el registro al mismo tiempo. Inténtelo de nuevo.",
  "The database is unavailable": "La base de datos no está disponible",
  "The database is unavailable. Please try again shortly.": "La base de datos no está disponible. Inténtelo de nuevo en unos momentos.",
  "The server is restarting. Please try again shortly.": "El servidor se está reiniciando. Inténtelo de nuevo en unos momentos.",
  "Cross-origin request refused": "Se rechazó una solicitud de otro origen",
  "Request body is too large": "El contenido de la solicitud es demasiado grande",
  "Unsupported content type": "Tipo de contenido no admitido",
  "Request body is empty": "El contenido de la solicitud está vacío",
  "Invalid request body": "El contenido de la solicitud no es válido",
  "Only admins and managers can do this": "Solo los administradores y los gerentes pueden hacer esto",
  "Only admins can do this": "Solo los administradores pueden hacer esto",
  "Text must not contain the NUL character": "El texto no puede contener el carácter NUL",
  "Search is too long": "La búsqueda es demasiado larga",
  "Id must be a number": "El identificador debe ser un número",
  "Id must be a whole number": "El identificador debe ser un número entero",
  "Id must be positive": "El identificador debe ser positivo",
  "Id is out of range": "El identificador está fuera del rango permitido",
  "Idempotency-Key must be 1 to 255 visible characters": "Idempotency-Key debe tener de 1 a 255 caracteres visibles",
  "This Idempotency-Key was already used for a different request. Use a new key for a new request.":
    "Esta Idempotency-Key ya se usó para otra solicitud. Use una clave nueva para cada solicitud nueva.",
  "Please enter a valid date": "Escriba una fecha válida",
  "Please enter a valid URL": "Escriba una URL válida",

  // Projects and workers
  "Project name is required": "El nombre del proyecto es obligatorio",
  "Project name is too long": "El nombre del proyecto es demasiado largo",
  "Location is required": "La ubicación es obligatoria",
  "Location is too long": "La ubicación es demasiado larga",
  "Start date is required": "La fecha de inicio es obligatoria",
  "End date must be on or after the start date": "La fecha de terminación debe ser igual o posterior a la fecha de inicio",
  "Status must be active, completed or on hold": "El estado debe ser activo, terminado o en pausa",
  "Contact name is too long": "El nombre del contacto es demasiado largo",
  "Contact number is too long": "El número del contacto es demasiado largo",
  "Too many emergency contacts": "Hay demasiados contactos de emergencia",
  "Description is required": "La descripción es obligatoria",
  "Description is too long": "La descripción es demasiado larga",
  "Worker is required": "El trabajador es obligatorio",
  "Worker is already assigned to this project": "El trabajador ya está asignado a este proyecto",
  "You can only view projects you are assigned to": "Solo puede ver los proyectos a los que está asignado",
  "Projects must be a list of project ids": "Los proyectos deben ser una lista de identificadores de proyecto",
  "Too many projects": "Hay demasiados proyectos",
  "A selected project does not exist": "Uno de los proyectos seleccionados no existe",
  "One or more projects do not exist": "Uno o más proyectos no existen",
  "Please select a valid project": "Seleccione un proyecto válido",
  // permits.ts's requiredId(...) messages (the permit request form shows them in the browser).
  "Please select a project": "Seleccione un proyecto",
  "Requester information is required": "Falta la información de quien solicita",
  "Please select a valid worker": "Seleccione un trabajador válido",
  "No file selected": "No seleccionó ningún archivo",
  "The selected file is empty": "El archivo seleccionado está vacío",
  "File too large": "El archivo es demasiado grande",
  "The file size should not exceed 10MB.": "El archivo no debe pasar de 10 MB.",
  "File name is too long": "El nombre del archivo es demasiado largo",
  "File type not accepted. Upload a PDF, Word, Excel, CSV or text file (.pdf .doc .docx .xls .xlsx .csv .txt).":
    "Tipo de archivo no aceptado. Suba un archivo PDF, Word, Excel, CSV o de texto (.pdf .doc .docx .xls .xlsx .csv .txt).",
  "The file's content does not match its extension. Upload a PDF, Word, Excel, CSV or text file.":
    "El contenido del archivo no corresponde a su extensión. Suba un archivo PDF, Word, Excel, CSV o de texto.",
  "The upload could not be read. Please try again.": "No se pudo leer el archivo subido. Inténtelo de nuevo.",

  // JHA
  "Project is required": "El proyecto es obligatorio",
  "A worker profile is required to file forms": "Se necesita un perfil de trabajador para llenar formularios",
  "Job description is too long": "La descripción del trabajo es demasiado larga",
  "At least one hazard must be identified": "Debe identificar al menos un peligro",
  "At least one control measure must be specified": "Debe indicar al menos una medida de control",
  "Hazard description is required": "La descripción del peligro es obligatoria",
  "Hazard description is too long": "La descripción del peligro es demasiado larga",
  "Too many hazards (at most 50)": "Hay demasiados peligros (50 como máximo)",
  "Control measure is required": "La medida de control es obligatoria",
  "Control measure is too long": "La medida de control es demasiado larga",
  "Too many control measures (at most 50)": "Hay demasiadas medidas de control (50 como máximo)",
  "Responsible person is required": "La persona responsable es obligatoria",
  "Responsible person is too long": "El nombre de la persona responsable es demasiado largo",
  "Risk level must be low, medium or high": "El nivel de riesgo debe ser bajo, medio o alto",
  "Choose the risk level of each hazard": "Elija el nivel de riesgo de cada peligro",
  "Visibility must be private or public": "La visibilidad debe ser privada o pública",
  "Comment content is required": "El contenido del comentario es obligatorio",
  "Comment too long, maximum 1000 characters": "El comentario es demasiado largo: 1000 caracteres como máximo",
  "You can only access forms for projects you're assigned to": "Solo puede ver los formularios de los proyectos a los que está asignado",
  "You can only edit your own comments": "Solo puede editar sus propios comentarios",
  "You can only delete your own comments": "Solo puede eliminar sus propios comentarios",

  // Incidents
  "Please choose the severity": "Elija la gravedad",
  "Severity must be minor, moderate, severe or near miss": "La gravedad debe ser leve, moderada, grave o casi accidente",
  "Status must be open, in progress or closed": "El estado debe ser abierto, en curso o cerrado",
  "Involved workers must be a list of worker ids": "Los trabajadores involucrados deben ser una lista de identificadores de trabajador",
  "Involved workers must be workers on the report's project":
    "Los trabajadores involucrados deben ser trabajadores del proyecto del reporte",
  "One or more involved workers do not exist": "Uno o más de los trabajadores involucrados no existen",
  "Too many involved workers": "Hay demasiados trabajadores involucrados",

  // Hot work permits
  "Title must be at least 5 characters": "El título debe tener al menos 5 caracteres",
  "Title must not exceed 100 characters": "El título no debe pasar de 100 caracteres",
  "Location must be at least 3 characters": "La ubicación debe tener al menos 3 caracteres",
  "Location must not exceed 200 characters": "La ubicación no debe pasar de 200 caracteres",
  "Work description must be at least 10 characters": "La descripción del trabajo debe tener al menos 10 caracteres",
  "Work description must not exceed 5000 characters": "La descripción del trabajo no debe pasar de 5000 caracteres",
  "End time must be after the start time: a permit cannot last zero minutes":
    "La hora de terminación debe ser posterior a la hora de inicio: un permiso no puede durar cero minutos",
  "At least one safety precaution must be selected": "Debe seleccionar al menos una precaución de seguridad",
  "Please choose precautions from the checklist": "Elija las precauciones de la lista de verificación",
  "At least one piece of equipment must be specified": "Debe indicar al menos un equipo",
  "Please choose equipment from the list or specify other equipment": "Elija el equipo de la lista o indique otro equipo",
  "Please specify the other equipment": "Indique cuál es el otro equipo",
  "Equipment description must not exceed 200 characters": "La descripción del equipo no debe pasar de 200 caracteres",
  "Fire watch required must be true or false": "El campo de vigilante de incendios debe ser verdadero o falso",
  "Fire watch name must not exceed 100 characters": "El nombre del vigilante de incendios no debe pasar de 100 caracteres",
  "Please provide a reason for rejecting this permit.": "Indique el motivo para rechazar este permiso.",
  "Rejection reason must not exceed 1000 characters": "El motivo del rechazo no debe pasar de 1000 caracteres",
  "Closing notes must not exceed 2000 characters": "Las notas de cierre no deben pasar de 2000 caracteres",
  "Please choose a valid permit status": "Elija un estado de permiso válido",
  "pendingFirst must be true or false": "pendingFirst debe ser true o false",
  "The selected requester does not exist": "El solicitante seleccionado no existe",
  "You can only request permits for projects you're assigned to":
    "Solo puede solicitar permisos para los proyectos a los que está asignado",
  "You can only view permits for projects you're assigned to": "Solo puede ver los permisos de los proyectos a los que está asignado",
  "You can only edit permits you requested": "Solo puede editar los permisos que usted solicitó",
  "Only admins can delete permits": "Solo los administradores pueden eliminar permisos",
  "Your account has no worker profile, so it cannot request permits":
    "Su cuenta no tiene perfil de trabajador, así que no puede solicitar permisos",

  // Safety messages
  "Project selection is required": "Debe seleccionar un proyecto",
  "Comment must be at least 10 characters": "El mensaje debe tener al menos 10 caracteres",
  "Response must be text": "La respuesta debe ser texto",
  "Response is too long, maximum 2000 characters": "La respuesta es demasiado larga: 2000 caracteres como máximo",
  "Status must be all, open or resolved": "El estado debe ser todos, abierto o resuelto",
  "Only admins and managers can resolve messages": "Solo los administradores y los gerentes pueden resolver mensajes",
  "Only admins and managers can update message status": "Solo los administradores y los gerentes pueden cambiar el estado de un mensaje",
  "You can only edit your own messages": "Solo puede editar sus propios mensajes",
  "You can only delete your own messages": "Solo puede eliminar sus propios mensajes",
  "You can only send messages about projects you are assigned to": "Solo puede enviar mensajes sobre los proyectos a los que está asignado",
  "This message can no longer be deleted": "Este mensaje ya no se puede eliminar",
  "This message was changed by someone else meanwhile": "Otra persona cambió este mensaje mientras tanto",
  "This message was resolved meanwhile and can no longer be edited": "Este mensaje se resolvió mientras tanto y ya no se puede editar",

  // Training
  "Title is required": "El título es obligatorio",
  "Title is too long": "El título es demasiado largo",
  "Please select a valid module type": "Seleccione un tipo de módulo válido",
  "Duration must be a number": "La duración debe ser un número",
  "Duration must be a whole number of minutes": "La duración debe ser un número entero de minutos",
  "Duration must be at least 5 minutes": "La duración debe ser de al menos 5 minutos",
  "Duration must be at most 1440 minutes": "La duración debe ser de 1440 minutos como máximo",
  "Section title is required": "El título de la sección es obligatorio",
  "Section title is too long": "El título de la sección es demasiado largo",
  "Section content is required": "El contenido de la sección es obligatorio",
  "Section content is too long": "El contenido de la sección es demasiado largo",
  "At least one section is required": "Se requiere al menos una sección",
  "A module can have at most 50 sections": "Un módulo puede tener como máximo 50 secciones",
  "At least one quiz question is required": "Se requiere al menos una pregunta en la evaluación",
  "A module can have at most 50 questions": "Un módulo puede tener como máximo 50 preguntas",
  "Question is required": "La pregunta es obligatoria",
  "Question is too long": "La pregunta es demasiado larga",
  "Option cannot be empty": "La opción no puede estar vacía",
  "Option is too long": "La opción es demasiado larga",
  "At least two options are required": "Se requieren al menos dos opciones",
  "A question can have at most 10 options": "Una pregunta puede tener como máximo 10 opciones",
  "Answer index is required": "Debe indicar la respuesta correcta",
  "Answer index must point to one of the options": "La respuesta correcta debe ser una de las opciones",
  "Category is required": "La categoría es obligatoria",
  "OSHA standard is required": "La norma de OSHA es obligatoria",
  "Progress must be a number": "El avance debe ser un número",
  "Progress must be a whole number": "El avance debe ser un número entero",
  "Progress must be between 0 and 100": "El avance debe estar entre 0 y 100",
  "Answer every question before submitting": "Conteste todas las preguntas antes de enviar",
  "Each answer must be one of the question's options": "Cada respuesta debe ser una de las opciones de la pregunta",
  "The Spanish version must have the same sections as the English one":
    "La versión en español debe tener las mismas secciones que la versión en inglés",
  "The Spanish quiz must have the same questions as the English one":
    "La evaluación en español debe tener las mismas preguntas que la versión en inglés",
  "Each Spanish question must have the same options as the English one":
    "Cada pregunta en español debe tener las mismas opciones que la pregunta en inglés",

  // Videos
  "Video URL is required": "La URL del video es obligatoria",
  "Video URL is too long": "La URL del video es demasiado larga",
  "URL must be from YouTube, Vimeo, or direct video link (.mp4)":
    "La URL debe ser de YouTube, de Vimeo o un enlace directo a un video (.mp4)",
  "Duration cannot be negative": "La duración no puede ser negativa",
  "Duration is too long": "La duración es demasiado larga",
  "Duration must be a whole number of seconds": "La duración debe ser un número entero de segundos",
  "Minutes must be a whole number of 0 or more": "Los minutos deben ser un número entero, 0 o más",
  "Seconds must be between 0 and 59": "Los segundos deben estar entre 0 y 59",
  "A tag can have at most 50 characters": "Una etiqueta puede tener como máximo 50 caracteres",
  "A video can have at most 20 tags": "Un video puede tener como máximo 20 etiquetas",
  "Too many tags": "Hay demasiadas etiquetas",
  "Required watch date must be on or after the publish date":
    "La fecha límite para verlo debe ser igual o posterior a la fecha de publicación",
  "Watched percentage must be a number": "El porcentaje visto debe ser un número",
  "Watched percentage must be between 0 and 100": "El porcentaje visto debe estar entre 0 y 100",

  // Photos
  "Choose a photo to upload": "Elija una foto para subir",
  "This file is not a photo we accept. Upload a JPEG, PNG, WebP or HEIC image.":
    "Este archivo no es una foto que aceptemos. Suba una imagen JPEG, PNG, WebP o HEIC.",
  "The photo is larger than 10 MB. Please choose a smaller photo.": "La foto pesa más de 10 MB. Elija una foto más pequeña.",
  "The photo has more than 50 megapixels. Please choose a smaller photo.":
    "La foto tiene más de 50 megapíxeles. Elija una foto más pequeña.",
  "The photo has too many pixels for its colour depth to be processed. Please save it as a JPEG or choose a smaller photo.":
    "La foto tiene demasiados píxeles para su profundidad de color y no se puede procesar. Guárdela como JPEG o elija una foto más pequeña.",
  "The photo could not be read. It may be damaged; please take or choose it again.":
    "No se pudo leer la foto. Puede estar dañada; tómela o elíjala de nuevo.",
  "The server is busy with other photo uploads. Please try again shortly.":
    "El servidor está ocupado con otras fotos. Inténtelo de nuevo en unos momentos.",
  "The upload stalled. Please try again.": "La carga se detuvo. Inténtelo de nuevo.",
  "This photo has no preview": "Esta foto no tiene vista previa",
  "You can only access records of projects you're assigned to": "Solo puede ver los registros de los proyectos a los que está asignado",
  "You can only add photos to records you may edit": "Solo puede agregar fotos a los registros que puede editar",
  "You can only delete photos you added to a record you may edit":
    "Solo puede eliminar las fotos que usted agregó a un registro que puede editar",

  // OSHA recordkeeping
  "Only admins and managers keep OSHA injury and illness records":
    "Solo los administradores y los gerentes llevan los registros de lesiones y enfermedades de OSHA",
  "This incident is not classified as a recordable case": "Este incidente no está clasificado como caso registrable",
  "This establishment has hours or recordable cases on file; OSHA records are kept for five years (29 CFR 1904.33), so it cannot be deleted":
    "Este establecimiento tiene horas o casos registrables archivados; los registros de OSHA se guardan cinco años (29 CFR 1904.33), así que no se puede eliminar",
  "OSHA's Injury Tracking Application would reject this case file":
    "La aplicación de seguimiento de lesiones (ITA) de OSHA rechazaría este archivo de casos",
  "OSHA's Injury Tracking Application would reject this summary file":
    "La aplicación de seguimiento de lesiones (ITA) de OSHA rechazaría este archivo de resumen",
  "Choose the case outcome (death, days away, job transfer or restriction, or other recordable case)":
    "Elija el resultado del caso (muerte, días de ausencia, traslado o restricción laboral, u otro caso registrable)",
  "A case that is not recordable cannot carry an outcome, day counts or an injury type":
    "Un caso que no es registrable no puede tener resultado, conteo de días ni tipo de lesión",
  "Give the reason the case is not recordable": "Indique por qué el caso no es registrable",
  "Name the injured or ill employee": "Indique el nombre del empleado lesionado o enfermo",
  "Enter the employee's job title": "Escriba el puesto del empleado",
  "Choose whether the case is an injury or which kind of illness": "Indique si el caso es una lesión o qué tipo de enfermedad es",
  "Days away from work cannot exceed 180: count calendar days and stop at 180 (29 CFR 1904.7(b)(3)(vii))":
    "Los días de ausencia del trabajo no pueden pasar de 180: cuente días naturales y deténgase en 180 (29 CFR 1904.7(b)(3)(vii))",
  "Days of job transfer or restriction cannot exceed 180: count calendar days and stop at 180 (29 CFR 1904.7(b)(4))":
    "Los días de traslado o restricción laboral no pueden pasar de 180: cuente días naturales y deténgase en 180 (29 CFR 1904.7(b)(4))",
  "Day counts are whole calendar days, 0 or more": "Los conteos de días son días naturales enteros, 0 o más",
  "A death needs the date of death": "Una muerte requiere la fecha de fallecimiento",
  "A date of death belongs only to a case whose outcome is death":
    "La fecha de fallecimiento solo corresponde a un caso cuyo resultado es la muerte",
  "A days-away case needs the number of days away from work (at least 1)":
    "Un caso con días de ausencia requiere el número de días de ausencia del trabajo (al menos 1)",
  "A job transfer or restriction case needs the number of days transferred or restricted (at least 1)":
    "Un caso de traslado o restricción laboral requiere el número de días de traslado o restricción (al menos 1)",
  "With days away from work the case is a days-away case: the most serious outcome applies (29 CFR 1904.7(b)(2))":
    "Con días de ausencia del trabajo, el caso es un caso de días de ausencia: se aplica el resultado más grave (29 CFR 1904.7(b)(2))",
  "With days of job transfer or restriction the case is a job transfer or restriction case: the most serious outcome applies (29 CFR 1904.7(b)(2))":
    "Con días de traslado o restricción laboral, el caso es un caso de traslado o restricción: se aplica el resultado más grave (29 CFR 1904.7(b)(2))",
  "Choose why this is a privacy case (29 CFR 1904.29(b)(7))": "Elija por qué este es un caso de privacidad (29 CFR 1904.29(b)(7))",
  "An employee may ask for a privacy case only for an illness, not an injury (29 CFR 1904.29(b)(7)(vi))":
    "Un empleado puede pedir un caso de privacidad solo por una enfermedad, no por una lesión (29 CFR 1904.29(b)(7)(vi))",
  "Please enter a time as HH:MM": "Escriba la hora como HH:MM",
  "The date of death cannot be before the incident": "La fecha de fallecimiento no puede ser anterior al incidente",
  "Choose a reason from the list": "Elija un motivo de la lista",
  "Choose the establishment size": "Elija el tamaño del establecimiento",
  "Choose the establishment type": "Elija el tipo de establecimiento",
  "Company establishment must be true or false": "El campo de establecimiento de la empresa debe ser verdadero o falso",
  "Say whether the case is recordable": "Indique si el caso es registrable",
  "Sex must be M, F or X": "El sexo debe ser M, F o X",
  "EIN must be 9 digits": "El EIN debe tener 9 dígitos",
  "NAICS code is required": "El código NAICS es obligatorio",
  "NAICS code must be 6 digits": "El código NAICS debe tener 6 dígitos",
  "State is required": "El estado es obligatorio",
  "State must be a 2-letter postal code": "El estado debe ser un código postal de 2 letras",
  "ZIP code is required": "El código postal (ZIP) es obligatorio",
  "ZIP code must have 5 or 9 digits": "El código postal (ZIP) debe tener 5 o 9 dígitos",
  "City is required": "La ciudad es obligatoria",
  "Street address is required": "La dirección es obligatoria",
  "Establishment name is required": "El nombre del establecimiento es obligatorio",
  "Establishment name is longer than 100 characters": "El nombre del establecimiento tiene más de 100 caracteres",
  "Size must be 1, 21, 22 or 3": "El tamaño debe ser 1, 21, 22 o 3",
  "Establishment type must be 1, 2 or 3": "El tipo de establecimiento debe ser 1, 2 o 3",
  "Enter the annual average number of employees for the year (at least 1)": "Escriba el promedio anual de empleados del año (al menos 1)",
  "Enter the total hours worked for the year (more than 0)": "Escriba el total de horas trabajadas en el año (más de 0)",
  "The cases by outcome (G to J) and by type (M1 to M6) must add up to the same total":
    "Los casos por resultado (G a J) y por tipo (M1 a M6) deben sumar el mismo total",
  "Annual average number of employees must be a whole number, 0 or more":
    "El promedio anual de empleados debe ser un número entero, 0 o más",
  "Total hours worked must be a whole number, 0 or more": "El total de horas trabajadas debe ser un número entero, 0 o más",
  "Monthly hours must be 12 whole numbers, 0 or more": "Las horas mensuales deben ser 12 números enteros, 0 o más",
  "Total hours worked must equal the sum of the monthly hours":
    "El total de horas trabajadas debe ser igual a la suma de las horas mensuales",
  "Year must be between 2000 and 2100": "El año debe estar entre 2000 y 2100",
  "Total hours worked divided by the average number of employees is more than 8,760, the hours in a year":
    "El total de horas trabajadas dividido entre el promedio de empleados es mayor que 8,760, las horas de un año",
  "To certify, give the executive's name, title, phone and the date":
    "Para certificar, indique el nombre, el cargo y el teléfono del ejecutivo, y la fecha",
  // The ITA file checks (each prefixed "Case N: ")
  "job title is required": "el puesto es obligatorio",
  "date of incident is required": "la fecha del incidente es obligatoria",
  "where the event occurred is required": "el lugar donde ocurrió el evento es obligatorio",
  "describe the injury or illness, the body part and the object or substance":
    "describa la lesión o enfermedad, la parte del cuerpo y el objeto o sustancia",
  "outcome must be 1, 2, 3 or 4": "el resultado debe ser 1, 2, 3 o 4",
  "type must be 1 to 6": "el tipo debe ser del 1 al 6",
  "a death needs the date of death": "una muerte requiere la fecha de fallecimiento",
  "a days-away case needs its days away": "un caso de días de ausencia requiere sus días de ausencia",
  "a job transfer or restriction case needs its days": "un caso de traslado o restricción laboral requiere sus días",
  "day counts stop at 180": "los conteos de días se detienen en 180",
  "say what happened": "indique qué ocurrió",
  "name the injury or illness": "indique la lesión o enfermedad",
  // Requests (issue #30, apps/api/src/requests.ts, answerBudget.ts)
  "A change takes its input from the request body, not the query string":
    "Un cambio toma sus datos del cuerpo de la solicitud, no de la cadena de consulta",
  "At most 10 calls can be sent in one batch": "Se pueden enviar como máximo 10 llamadas en un lote",
  "The answer would be larger than 4 MB. Ask for fewer rows (a smaller limit).":
    "La respuesta ocuparía más de 4 MB. Pida menos filas (un límite menor).",
  "The answers to this request would be larger than 8 MB together. Ask for fewer or smaller pages at once.":
    "Las respuestas a esta solicitud ocuparían más de 8 MB en total. Pida menos páginas o páginas más pequeñas a la vez.",
  "The server is busy sending other large answers. Please try again shortly.":
    "El servidor está ocupado enviando otras respuestas grandes. Inténtelo de nuevo en unos momentos.",
  "The server is busy sending other whole lists. Please try again shortly, or ask for a page (limit).":
    "El servidor está ocupado enviando otras listas completas. Inténtelo de nuevo en unos momentos o pida una página (límite).",
};

/** The nouns of "<what> not found" (errors.ts notFound), with their Spanish gender. */
const things: Record<string, [string, "m" | "f"]> = {
  Assignment: ["Asignación", "f"],
  Comment: ["Comentario", "m"],
  Signature: ["Firma", "f"],
  "Sign-on link": ["Enlace de firma", "m"],
  "Toolbox talk": ["Charla de seguridad", "f"],
  "Corrective action": ["Acción correctiva", "f"],
  Inspection: ["Inspección", "f"],
  "Inspection template": ["Plantilla de inspección", "f"],
  "Inspection schedule": ["Programación de inspecciones", "f"],
  Topic: ["Tema", "m"],
  Credential: ["Certificación", "f"],
  "Credential type": ["Tipo de certificación", "m"],
  "Credential requirement": ["Requisito de certificación", "m"],
  Establishment: ["Establecimiento", "m"],
  "Incident report": ["Reporte de incidente", "m"],
  "Invite token": ["Código de invitación", "m"],
  "JHA form": ["Formulario de JHA", "m"],
  Photo: ["Foto", "f"],
  Project: ["Proyecto", "m"],
  "Safety plan": ["Plan de seguridad", "m"],
  Token: ["Token", "m"],
  "Training module": ["Módulo de capacitación", "m"],
  User: ["Usuario", "m"],
  Video: ["Video", "m"],
  Worker: ["Trabajador", "m"],
  "Hot work permit": ["Permiso de trabajo en caliente", "m"],
  "Safety message": ["Mensaje de seguridad", "m"],
  Notification: ["Notificación", "f"],
  "Push subscription": ["Suscripción push", "f"],
};

/** Field labels of the templated "<label> is required" / "<label> is too long" (osha.ts, workers.ts). */
const fields: Record<string, string> = {
  "Body part": "Parte del cuerpo",
  City: "Ciudad",
  "Company name": "Nombre de la empresa",
  "Employee name": "Nombre del empleado",
  "Establishment name": "Nombre del establecimiento",
  Facility: "Centro de atención",
  "Facility address": "Dirección del centro de atención",
  "Industry description": "Descripción de la industria",
  "Job title": "Puesto",
  Name: "Nombre",
  "Object or substance": "Objeto o sustancia",
  Phone: "Teléfono",
  Physician: "Médico",
  State: "Estado",
  Street: "Calle",
  "Street address": "Dirección",
  "The injury or illness": "La lesión o enfermedad",
  Title: "Cargo",
  "What happened": "Qué ocurrió",
  "What the employee was doing": "Qué estaba haciendo el empleado",
  ZIP: "Código postal (ZIP)",
  "First name": "Nombre",
  "Last name": "Apellido",
  "Job role": "Puesto",
  Email: "Correo electrónico",
  Username: "Nombre de usuario",
};

const permitStatus: Record<string, string> = { pending: "pendiente", approved: "aprobado", rejected: "rechazado", closed: "cerrado" };
const permitAction: Record<string, string> = { approve: "aprobar", reject: "rechazar", close: "cerrar" };
const messageStatus: Record<string, string> = { open: "abierto", "in progress": "en curso", resolved: "resuelto", closed: "cerrado" };
const roleName: Record<string, string> = { admin: "administrador", manager: "gerente", worker: "trabajador" };
const timeUnit: Record<string, [string, string]> = {
  millisecond: ["milisegundo", "milisegundos"],
  second: ["segundo", "segundos"],
  minute: ["minuto", "minutos"],
  hour: ["hora", "horas"],
  day: ["día", "días"],
};
const zodType: Record<string, string> = {
  string: "texto",
  number: "número",
  boolean: "verdadero o falso",
  array: "lista",
  object: "objeto",
  date: "fecha",
  undefined: "nada",
  null: "nulo",
  nan: "NaN",
  NaN: "NaN",
  bigint: "número entero",
  int: "número entero",
};
const zodUnit: Record<string, string> = { characters: "caracteres", items: "elementos", bytes: "bytes", entries: "entradas" };
const zodOrigin: Record<string, string> = {
  string: "el texto",
  array: "la lista",
  number: "el número",
  set: "el conjunto",
  file: "el archivo",
  date: "la fecha",
  value: "el valor",
};
const comparison: Record<string, string> = {
  "<=": "como máximo ",
  "<": "menos de ",
  ">=": "al menos ",
  ">": "más de ",
  "exactly ": "exactamente ",
  "": "",
};

const zodFormat: Record<string, string> = {
  "email address": "Correo electrónico no válido",
  URL: "URL no válida",
  "ISO datetime": "Fecha y hora no válidas",
  "ISO date": "Fecha no válida",
  "ISO time": "Hora no válida",
};

/** Templated messages: a pattern and its Spanish, or undefined when a part is unknown (the English stays). */
const templates: Array<[RegExp, (...parts: string[]) => string | undefined]> = [
  [/^The fire watch must last at least (\d+) minutes$/, (n) => `La vigilancia contra incendios debe durar al menos ${n} minutos`],
  [/^The fire watch can last at most (\d+) minutes$/, (n) => `La vigilancia contra incendios puede durar como máximo ${n} minutos`],
  [
    /^(.+) not found$/,
    (what) => {
      const thing = things[what];
      return thing ? `${thing[0]} no encontrad${thing[1] === "f" ? "a" : "o"}` : undefined;
    },
  ],
  [/^(p256dh|auth) is not a valid key$/, (name) => `La clave ${name} no es válida`],
  [/^(p256dh|auth) is required$/, (name) => `La clave ${name} es obligatoria`],
  [/^(.+) is required$/, (label) => (fields[label] ? `${fields[label]}: campo obligatorio` : undefined)],
  [/^(.+) is too long$/, (label) => (fields[label] ? `${fields[label]}: el texto es demasiado largo` : undefined)],
  [
    /^Cannot (approve|reject|close) a permit that is (\w+); only (\w+) permits can become (\w+)$/,
    (action, status, from, to) =>
      permitAction[action] && permitStatus[status] && permitStatus[from] && permitStatus[to]
        ? `No se puede ${permitAction[action]} un permiso ${permitStatus[status]}; solo los permisos en estado ${permitStatus[from]} pueden pasar a ${permitStatus[to]}`
        : undefined,
  ],
  [
    /^Cannot edit a (\w+) permit; only pending permits can be edited$/,
    (status) =>
      permitStatus[status]
        ? `No se puede editar un permiso ${permitStatus[status]}; solo se pueden editar los permisos pendientes`
        : undefined,
  ],
  [
    /^Cannot edit a (.+) message$/,
    (status) => (messageStatus[status] ? `No se puede editar un mensaje ${messageStatus[status]}` : undefined),
  ],
  [
    /^Cannot delete a (.+) message$/,
    (status) => (messageStatus[status] ? `No se puede eliminar un mensaje ${messageStatus[status]}` : undefined),
  ],
  [
    /^Cannot mark a (.+) message in progress; only open messages can be$/,
    (status) =>
      messageStatus[status]
        ? `No se puede marcar como en curso un mensaje ${messageStatus[status]}; solo se pueden marcar los mensajes abiertos`
        : undefined,
  ],
  [/^This message is already (.+)$/, (status) => (messageStatus[status] ? `Este mensaje ya está ${messageStatus[status]}` : undefined)],
  [
    /^Only admins can (edit|delete) (admin|manager) accounts$/,
    (action, role) =>
      `Solo los administradores pueden ${action === "edit" ? "editar" : "eliminar"} cuentas de ${role === "admin" ? "administrador" : "gerente"}`,
  ],
  [
    /^Only admins and managers can (approve|reject|close) permits$/,
    (action) => `Solo los administradores y los gerentes pueden ${permitAction[action]} permisos`,
  ],
  [
    /^This invite token is for the (\w+) role$/,
    (role) => (roleName[role] ? `Este código de invitación es para el rol de ${roleName[role]}` : undefined),
  ],
  [/^Expiry can be at most (\d+) days$/, (n) => `El vencimiento puede ser de ${n} días como máximo`],
  [
    /^You can hold at most (\d+) active tokens; revoke one first$/,
    (n) => `Puede tener como máximo ${n} tokens activos; revoque uno primero`,
  ],
  [
    /^A record can have at most (\d+) photos\. Delete one before adding another\.$/,
    (n) => `Un registro puede tener como máximo ${n} fotos. Elimine una antes de agregar otra.`,
  ],
  [/^Please enter a date between the years (\d+) and (\d+)$/, (a, b) => `Escriba una fecha entre los años ${a} y ${b}`],
  [
    /^Case ([^:]+): (.+)$/,
    (n, message = "") => {
      const inner = translateMessage(message);
      return inner !== message ? `Caso ${n}: ${inner}` : undefined;
    },
  ],
  [
    /^Too many requests\. Please wait (\d+) (millisecond|second|minute|hour|day)s? and try again\.$/,
    (n, unit = "") => {
      const words = timeUnit[unit];
      return words ? `Demasiadas solicitudes. Espere ${n} ${n === "1" ? words[0] : words[1]} e inténtelo de nuevo.` : undefined;
    },
  ],
  [/^No procedure found on path "(.*)"$/, (path) => `No existe el procedimiento "${path}"`],
  // Zod's own messages, for rules that carry no message of ours.
  [
    /^Invalid input: expected (\w+), received (\w+)$/,
    (a, b) => (zodType[a] && zodType[b] ? `Dato no válido: se esperaba ${zodType[a]} y se recibió ${zodType[b]}` : undefined),
  ],
  [/^Invalid input: expected (.+)$/, (value) => `Dato no válido: se esperaba ${value}`],
  [/^Invalid option: expected one of (.+)$/, (values) => `Opción no válida: se esperaba una de ${values}`],
  [
    /^Too (big|small): expected (\w+) to have (<=|<|>=|>|exactly )?(\d+) (characters|items|bytes|entries)$/,
    (size, origin, adj = "", n, unit = "") =>
      zodOrigin[origin] && zodUnit[unit]
        ? `${size === "big" ? "Demasiado largo" : "Demasiado corto"}: ${zodOrigin[origin]} debe tener ${comparison[adj] ?? ""}${n} ${zodUnit[unit]}`
        : undefined,
  ],
  [
    /^Too (big|small): expected (\w+) to be (<=|<|>=|>|exactly )?(.+)$/,
    (size, origin, adj = "", n) =>
      zodOrigin[origin]
        ? `${size === "big" ? "Demasiado grande" : "Demasiado pequeño"}: ${zodOrigin[origin]} debe ser ${comparison[adj] ?? ""}${n}`
        : undefined,
  ],
  [/^Invalid string: must match pattern (.+)$/, () => "Texto no válido: no tiene el formato esperado"],
  [/^Invalid (email address|URL|ISO datetime|ISO date|ISO time)$/, (what) => zodFormat[what]],
  [/^Unrecognized keys?: (.+)$/, (keys) => `Campos no reconocidos: ${keys}`],
];

/** The Spanish of one of SiteSafe's English messages; the message itself when it is not one we know. */
export function translateMessage(english: string): string {
  const known = exact[english];
  if (known !== undefined) return known;
  for (const [pattern, spanish] of templates) {
    const match = pattern.exec(english);
    if (!match) continue;
    const translated = spanish(...match.slice(1).map((part) => part ?? ""));
    if (translated !== undefined) return translated;
  }
  return english;
}

/** Every exact message this file knows, for the test that checks nothing is missing. */
export const knownMessages: readonly string[] = Object.keys(exact);
