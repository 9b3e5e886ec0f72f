import { DEFAULT_LANGUAGE, type Language, languageFromAcceptHeader } from "@sitesafe/domain";
import { translateMessage } from "@sitesafe/domain/i18n/messagesEs";

/**
 * The language of a request, resolved once (context.ts): a user signed in with a password session
 * who chose a language (users.language) gets it; anyone else (no choice yet, signed out, or a
 * script with a service token) gets the best of its `Accept-Language` header, else English. A service token
 * follows the header, not its owner's choice, so a script that states no preference keeps getting
 * English word for word when its owner switches the web app to Spanish.
 */
export function resolveLanguage(input: {
  sessionUser: { language: Language | null } | null;
  acceptLanguage: string | undefined;
}): Language {
  if (input.sessionUser?.language) return input.sessionUser.language;
  return languageFromAcceptHeader(input.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * A server message in the request's language. Messages are written in English; stored data
 * (titles, notes) never passes through here.
 */
export function localize(message: string, language: Language): string {
  return language === "es" ? translateMessage(message) : message;
}

/** The language each request was resolved to (context.ts), for errors shaped outside tRPC. */
const requestLanguages = new WeakMap<object, Language>();

export function rememberLanguage(req: object, language: Language): void {
  requestLanguages.set(req, language);
}

/**
 * The language of an HTTP request: the one its context resolved, or, for failures before there
 * is a context (body too large, unsupported type, shutdown, cross-origin), its `Accept-Language`.
 */
export function requestLanguage(req: { headers: Record<string, string | string[] | undefined> }): Language {
  const resolved = requestLanguages.get(req);
  if (resolved) return resolved;
  const header = req.headers["accept-language"];
  return languageFromAcceptHeader(Array.isArray(header) ? header.join(",") : header) ?? DEFAULT_LANGUAGE;
}
