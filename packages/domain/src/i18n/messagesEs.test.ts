import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as domain from "../index.js";
import { knownMessages, translateMessage } from "./messagesEs.js";

/**
 * Walks the messages SiteSafe can answer with (packages/domain and apps/api sources: AppError and
 * its helpers, Zod rules' messages, `message:`/`error:` properties, *_MESSAGES constants, the
 * exported message constants) and checks each has a Spanish translation. A new message without one
 * fails here.
 */

const here = dirname(fileURLToPath(import.meta.url));
const roots = [join(here, ".."), join(here, "../../../../apps/api/src")];

/** Strings found in message positions that are not messages (names, headers, labels of records). */
const notMessages = new Set([
  "Hot work permit",
  "Other (please specify)",
  "Other: ",
  "Privacy Case",
  "Safety Manager",
  "SiteSafe API is running",
  "SiteSafe Construction",
  "private, max-age=3600",
]);

const MESSAGE_ARGUMENT = new Set([
  "AppError",
  "forbidden",
  "conflict",
  "badRequest",
  "min",
  "max",
  "int",
  "positive",
  "nonnegative",
  "regex",
  "refine",
  "length",
  "gte",
  "lte",
  "nonempty",
  "url",
  "email",
  "TRPCError",
  "required",
  "optionalText",
  "roleRefused",
]);
const LABEL_ARGUMENT = new Set(["text", "requiredText"]);

/** Files whose messages stop the server at start-up: for whoever runs it, in English, never shown in the app. */
const START_UP_ONLY = ["apps/api/src/config.ts"];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!["i18n", "openapi", "seed", "scripts", "node_modules", "dist"].includes(entry.name)) sourceFiles(path, out);
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !START_UP_ONLY.some((f) => path.endsWith(f)))
      out.push(path);
  }
  return out;
}

function collect() {
  const messages = new Map<string, string>();
  const nouns = new Set<string>();
  const labels = new Set<string>();
  const templates = new Map<string, string>();
  for (const file of roots.flatMap((root) => sourceFiles(root))) {
    const where = relative(join(here, "../../../.."), file);
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const literal = (node: ts.Node | undefined) =>
      node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
    const take = (node: ts.Node | undefined) => {
      if (!node) return;
      const text = literal(node);
      if (text !== null) messages.set(text, where);
      else if (ts.isTemplateExpression(node)) templates.set(node.getText(source).slice(1, -1), where);
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
        const args = node.arguments ?? ts.factory.createNodeArray();
        if (name === "notFound") {
          const noun = literal(args[0]);
          if (noun) nouns.add(noun);
        } else if (MESSAGE_ARGUMENT.has(name)) args.forEach(take);
        else if (LABEL_ARGUMENT.has(name)) {
          const label = literal(args[1]);
          if (label) labels.add(label);
        } else if (name === "add") take(args[1]);
      }
      if (ts.isPropertyAssignment(node) && ["message", "error"].includes(node.name.getText(source))) take(node.initializer);
      if (ts.isVariableDeclaration(node) && /^[A-Z_]+$/.test(node.name.getText(source)) && node.initializer) {
        const init = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (/MESSAGES$/.test(node.name.getText(source)) && ts.isObjectLiteralExpression(init)) {
          for (const property of init.properties) if (ts.isPropertyAssignment(property)) take(property.initializer);
        } else {
          const text = literal(init);
          if (text && /\s/.test(text)) messages.set(text, where);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, nouns, labels, templates };
}

const found = collect();
const isMessage = (text: string) => /[a-z]/.test(text) && /\s/.test(text) && !notMessages.has(text);

/** Every template literal in a message position, with sample values filled in. */
const templateSamples: Record<string, string[]> = {
  "The fire watch must last at least ${MIN_FIRE_WATCH_MINUTES} minutes": ["The fire watch must last at least 30 minutes"],
  "The fire watch can last at most ${MAX_FIRE_WATCH_MINUTES} minutes": ["The fire watch can last at most 720 minutes"],
  "${label} is required": ["City is required", "Establishment name is required"],
  "${label} is too long": ["Employee name is too long", "What happened is too long"],
  '${message.replace(/ is required$/, "")} is too long': [
    "First name is too long",
    "Last name is too long",
    "Job role is too long",
    "Email is too long",
    "Username is too long",
  ],
  "${what} not found": ["Worker not found", "Photo not found"],
  "${name} is not a valid key": ["p256dh is not a valid key", "auth is not a valid key"],
  "${name} is required": ["p256dh is required", "auth is required"],
  "Cannot ${action} a permit that is ${now.status}; only ${from} permits can become ${to}": [
    "Cannot approve a permit that is closed; only pending permits can become approved",
  ],
  "Cannot ${action} a permit that is ${status}; only ${from} permits can become ${to}": [
    "Cannot reject a permit that is approved; only pending permits can become rejected",
    "Cannot close a permit that is pending; only approved permits can become closed",
  ],
  "Cannot edit a ${now.status} permit; only pending permits can be edited": [
    "Cannot edit a rejected permit; only pending permits can be edited",
  ],
  "Cannot edit a ${permit.status} permit; only pending permits can be edited": [
    "Cannot edit a approved permit; only pending permits can be edited",
  ],
  "Cannot delete a ${statusWord(comment.status)} message": ["Cannot delete a resolved message", "Cannot delete a closed message"],
  "Cannot edit a ${statusWord(comment.status)} message": ["Cannot edit a resolved message"],
  "Cannot mark a ${statusWord(comment.status)} message in progress; only open messages can be": [
    "Cannot mark a in progress message in progress; only open messages can be",
  ],
  "This message is already ${statusWord(comment.status)}": ["This message is already resolved", "This message is already closed"],
  "Case ${row.case_number}: ${message}": ["Case 12: job title is required", "Case A-3: day counts stop at 180"],
  "Expiry can be at most ${SERVICE_TOKEN_MAX_DAYS} days": [`Expiry can be at most ${domain.SERVICE_TOKEN_MAX_DAYS} days`],
  "Only admins can ${action} ${accountRole} accounts": ["Only admins can edit admin accounts", "Only admins can delete manager accounts"],
  "Only admins and managers can ${action} permits": [
    "Only admins and managers can approve permits",
    "Only admins and managers can close permits",
  ],
  "This invite token is for the ${token.role} role": [
    "This invite token is for the manager role",
    "This invite token is for the admin role",
  ],
};

describe("translateMessage (Spanish)", () => {
  it("finds the messages it walks (the walk itself works)", () => {
    expect(found.messages.size).toBeGreaterThan(250);
    expect(found.messages.has(domain.NOT_SIGNED_IN)).toBe(true);
    expect(found.nouns.has("Training module")).toBe(true);
  });

  it("translates every message of the domain and the API", () => {
    const missing = [...found.messages]
      .filter(([text]) => isMessage(text) && translateMessage(text) === text)
      .map(([text, where]) => `${where}: ${text}`);
    expect(missing).toEqual([]);
  });

  it("translates every exported message constant and *_MESSAGES table of the domain", () => {
    const constants = Object.entries(domain).flatMap(([name, value]) => {
      if (typeof value === "string" && /^[A-Z_]+$/.test(name) && isMessage(value)) return [value];
      if (/_MESSAGES$/.test(name) && value && typeof value === "object") return Object.values(value as Record<string, string>);
      return [];
    });
    expect(constants.length).toBeGreaterThan(30);
    expect(constants.filter((text) => translateMessage(text) === text)).toEqual([]);
  });

  it("translates '<what> not found' for every noun the code uses", () => {
    const missing = [...found.nouns].filter((noun) => translateMessage(`${noun} not found`) === `${noun} not found`);
    expect(missing).toEqual([]);
    expect(translateMessage("Hot work permit not found")).toBe("Permiso de trabajo en caliente no encontrado");
    expect(translateMessage("Training module not found")).toBe("Módulo de capacitación no encontrado");
    expect(translateMessage("Photo not found")).toBe("Foto no encontrada");
  });

  it("translates the labelled field messages", () => {
    for (const label of found.labels) {
      expect(translateMessage(`${label} is required`)).not.toBe(`${label} is required`);
      expect(translateMessage(`${label} is too long`)).not.toBe(`${label} is too long`);
    }
  });

  it("knows every template in the code and translates its samples", () => {
    expect([...found.templates.keys()].filter((template) => !(template in templateSamples))).toEqual([]);
    const untranslated = Object.values(templateSamples)
      .flat()
      .filter((sample) => translateMessage(sample) === sample);
    expect(untranslated).toEqual([]);
  });

  it("translates the templates with counts, dates and statuses into proper Spanish", () => {
    expect(translateMessage(`A record can have at most ${domain.PHOTOS_PER_RECORD} photos. Delete one before adding another.`)).toBe(
      `Un registro puede tener como máximo ${domain.PHOTOS_PER_RECORD} fotos. Elimine una antes de agregar otra.`,
    );
    expect(translateMessage("Please enter a date between the years 1900 and 2100")).toBe("Escriba una fecha entre los años 1900 y 2100");
    expect(translateMessage("Cannot approve a permit that is rejected; only pending permits can become approved")).toBe(
      "No se puede aprobar un permiso rechazado; solo los permisos en estado pendiente pueden pasar a aprobado",
    );
    expect(translateMessage("Too many requests. Please wait 1 minute and try again.")).toBe(
      "Demasiadas solicitudes. Espere 1 minuto e inténtelo de nuevo.",
    );
    expect(translateMessage("Too many requests. Please wait 30 seconds and try again.")).toBe(
      "Demasiadas solicitudes. Espere 30 segundos e inténtelo de nuevo.",
    );
    expect(translateMessage("Case 7: say what happened")).toBe("Caso 7: indique qué ocurrió");
    expect(translateMessage("You can hold at most 20 active tokens; revoke one first")).toBe(
      "Puede tener como máximo 20 tokens activos; revoque uno primero",
    );
  });

  it("translates the generic answers of the HTTP layer", () => {
    for (const text of [
      "Not signed in",
      "Not found",
      "Request body is too large",
      "Unsupported content type",
      "Request body is empty",
      "Invalid request body",
      "Cross-origin request refused",
    ]) {
      expect(translateMessage(text)).not.toBe(text);
    }
    expect(translateMessage(domain.NOT_SIGNED_IN)).toBe("No ha iniciado sesión");
  });

  it("translates Zod's own messages for rules without one of ours", () => {
    expect(translateMessage("Invalid input: expected string, received undefined")).toBe(
      "Dato no válido: se esperaba texto y se recibió nada",
    );
    expect(translateMessage("Too big: expected string to have <=100 characters")).toBe(
      "Demasiado largo: el texto debe tener como máximo 100 caracteres",
    );
    expect(translateMessage('Invalid option: expected one of "a"|"b"')).toBe('Opción no válida: se esperaba una de "a"|"b"');
  });

  it("returns what it does not know, and stored data, unchanged", () => {
    expect(translateMessage("Pour concrete on level 3")).toBe("Pour concrete on level 3");
    expect(translateMessage("Strange not found")).toBe("Strange not found");
    expect(translateMessage("")).toBe("");
  });

  it("writes Spanish, not English: no translation is left equal to its English", () => {
    expect(knownMessages.filter((text) => translateMessage(text) === text)).toEqual([]);
  });
});
