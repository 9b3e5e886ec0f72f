import type { Language, NotificationKind } from "@sitesafe/domain";

/**
 * The e-mail of each kind of notification, in English and Spanish (docs/i18n.md: usted, the words
 * of a US crew). The web app's bell has the same sentences (features/notifications/locales); an
 * e-mail adds a subject and the link back to the record.
 */
type Params = Record<string, string | number | null>;
type Text = (p: Params) => string;

const en: Record<NotificationKind, Text> = {
  "permit.requested": (p) => `${p.by} requested the hot work permit “${p.title}”; it awaits approval`,
  "permit.approved": (p) => `${p.by} approved the hot work permit “${p.title}”`,
  "permit.rejected": (p) => `${p.by} rejected the hot work permit “${p.title}”`,
  "fireWatch.started": (p) => `Fire watch started for “${p.title}”: stay on watch until it ends`,
  "fireWatch.halfway": (p) => `Fire watch for “${p.title}” is halfway through`,
  "fireWatch.ended": (p) => `Fire watch for “${p.title}” has ended: inspect the area and sign it off`,
  "fireWatch.overdue": (p) => `Fire watch for “${p.title}” was not signed off 15 minutes after it ended`,
  "incident.filed": (p) => `${p.by} filed the incident report “${p.title}”`,
  "safetyMessage.created": (p) => `${p.by} sent the safety message “${p.title}”`,
  "safetyMessage.replied": (p) => `Your safety message “${p.title}” was answered`,
  "safetyMessage.statusChanged": (p) => `Your safety message “${p.title}” is now in progress`,
  "jha.commented": (p) => `${p.by} commented on the JHA “${p.title}”`,
  "video.required": (p) => `New required safety video “${p.title}”: please watch it`,
  "training.assigned": (p) => `New required training “${p.title}”: complete it and pass its quiz`,
  "training.digest": (p) => `Still to finish: ${p.modules} training module(s) and ${p.videos} required safety video(s)`,
  "credential.expiring": (p) => `${p.worker}'s credential “${p.type}” expires in ${p.days} days (${p.date}): renew it`,
  "correctiveAction.overdue": (p) => `Corrective action overdue: “${p.title}” was due ${p.due}`,
};

const es: Record<NotificationKind, Text> = {
  "permit.requested": (p) => `${p.by} solicitó el permiso de trabajo en caliente “${p.title}”; espera aprobación`,
  "permit.approved": (p) => `${p.by} aprobó el permiso de trabajo en caliente “${p.title}”`,
  "permit.rejected": (p) => `${p.by} rechazó el permiso de trabajo en caliente “${p.title}”`,
  "fireWatch.started": (p) => `Comenzó la vigilancia contra incendios de “${p.title}”: manténgase vigilando hasta que termine`,
  "fireWatch.halfway": (p) => `La vigilancia contra incendios de “${p.title}” va por la mitad`,
  "fireWatch.ended": (p) => `Terminó la vigilancia contra incendios de “${p.title}”: inspeccione el área y ciérrela`,
  "fireWatch.overdue": (p) => `La vigilancia contra incendios de “${p.title}” no se cerró 15 minutos después de terminar`,
  "incident.filed": (p) => `${p.by} presentó el reporte de incidente “${p.title}”`,
  "safetyMessage.created": (p) => `${p.by} envió el mensaje de seguridad “${p.title}”`,
  "safetyMessage.replied": (p) => `Su mensaje de seguridad “${p.title}” recibió respuesta`,
  "safetyMessage.statusChanged": (p) => `Su mensaje de seguridad “${p.title}” está ahora en curso`,
  "jha.commented": (p) => `${p.by} comentó el JHA “${p.title}”`,
  "video.required": (p) => `Nuevo video de seguridad obligatorio “${p.title}”: mírelo, por favor`,
  "training.assigned": (p) => `Nueva capacitación obligatoria “${p.title}”: complétela y apruebe su cuestionario`,
  "training.digest": (p) => `Pendiente: ${p.modules} módulo(s) de capacitación y ${p.videos} video(s) de seguridad obligatorio(s)`,
  "credential.expiring": (p) => `La certificación “${p.typeEs}” de ${p.worker} vence en ${p.days} días (${p.date}): renuévela`,
  "correctiveAction.overdue": (p) => `Acción correctiva vencida: “${p.title}” vencía el ${p.due}`,
};

const words = {
  en: {
    urgent: "URGENT",
    open: "Open in SiteSafe",
    why: "You receive this because of your role in SiteSafe. Choose which e-mails you get in your profile.",
  },
  es: {
    urgent: "URGENTE",
    open: "Abrir en SiteSafe",
    why: "Recibe este correo por su función en SiteSafe. Elija qué correos recibe en su perfil.",
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** Subject, plain and HTML bodies of one notification in `language`, with `url` back to the record. */
export function emailOf(kind: NotificationKind, params: Params, urgent: boolean, language: Language, url: string) {
  const line = (language === "es" ? es : en)[kind](params);
  const w = words[language];
  const subject = `${urgent ? `[${w.urgent}] ` : ""}SiteSafe: ${line}`;
  const text = `${line}\n\n${w.open}: ${url}\n\n${w.why}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif">
<p style="font-size:16px">${urgent ? `<strong style="color:#c92a2a">${w.urgent}</strong> ` : ""}${escapeHtml(line)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#e8590c;color:#fff;border-radius:6px;text-decoration:none">${w.open}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(w.why)}</p>
</body></html>`;
  return { subject, text, html };
}

/** A push's title and body in `language` (services/push.ts): the same sentence as the e-mail's. */
export function pushTextOf(kind: NotificationKind, params: Params, urgent: boolean, language: Language) {
  const line = (language === "es" ? es : en)[kind](params);
  return { title: urgent ? `${words[language].urgent}: SiteSafe` : "SiteSafe", body: line };
}
