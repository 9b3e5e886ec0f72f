import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// No English typed into the screens (docs/i18n.md): every .tsx under src is parsed
// and a literal text fails the test when it is
//   - JSX text with a letter in it,
//   - a string in the attributes label, placeholder, title, aria-label, description or alt,
//   - the title or message of a toast (notifySuccess/notifyError/notifications.show).
// Texts come from locales/<lang>.ts through t(). Brand names may stand alone.
const src = join(import.meta.dirname, "..", "..");
// Every folder of src with screens: the whole app speaks both languages.
const FOLDERS = readdirSync(src)
  .flatMap((name) => (name === "features" ? readdirSync(join(src, "features")).map((f) => `features/${f}`) : [name]))
  .filter((folder) => statSync(join(src, folder)).isDirectory() && tsxFiles(join(src, folder)).length > 0)
  .sort();
const TEXT_ATTRIBUTES = new Set(["label", "placeholder", "title", "aria-label", "description", "alt"]);
const TOAST_CALLS = new Set(["notifySuccess", "notifyError", "notifications.show", "notifications.update", "showNotification"]);
const BRANDS = /\b(SiteSafe|OSHA|JHA)\b/g;
const hasWords = (text: string) => /\p{L}/u.test(text.replace(BRANDS, ""));

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "locales" ? [] : tsxFiles(path);
    return name.endsWith(".tsx") && !name.includes(".test.") ? [path] : [];
  });
}

/** Literal texts an expression shows as it is (not what a call such as t("key") returns). */
function literals(node: ts.Node): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return hasWords(node.text) ? [node] : [];
  if (ts.isTemplateExpression(node)) {
    const fixed = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
    return hasWords(fixed) ? [node] : node.templateSpans.flatMap((s) => literals(s.expression));
  }
  if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node)) return node.expression ? literals(node.expression) : [];
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...literals(node.left), ...literals(node.right)];
  if (ts.isJsxElement(node) || ts.isJsxFragment(node) || ts.isJsxSelfClosingElement(node)) return [];
  return [];
}

/** The places in one file's source that show an untranslated text. */
export function findLiteralTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${fileName}:${line + 1} ${what}: ${node.getText(file).replace(/\s+/g, " ").slice(0, 80)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, "JSX text");
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(file);
      if (TEXT_ATTRIBUTES.has(name)) for (const literal of literals(node.initializer)) report(literal, `${name}=`);
    }
    if (ts.isCallExpression(node) && TOAST_CALLS.has(node.expression.getText(file))) {
      for (const arg of node.arguments) {
        if (ts.isObjectLiteralExpression(arg)) {
          for (const prop of arg.properties) {
            if (ts.isPropertyAssignment(prop) && ["title", "message"].includes(prop.name.getText(file))) {
              for (const literal of literals(prop.initializer)) report(literal, `toast ${prop.name.getText(file)}`);
            }
          }
        } else {
          for (const literal of literals(arg)) report(literal, "toast text");
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("literal-text guard", () => {
  it("finds English typed into JSX, text attributes and toasts, and lets translations and brands pass", () => {
    const bad = findLiteralTexts(
      "x.tsx",
      `const a = <Title label="Name" placeholder={open ? "Search" : t("x")} aria-label={\`Theme: \${l}\`}>Hello {name}</Title>;
       notifySuccess("Saved", t("ok")); notifications.show({ title: "Done", message: t("m") });`,
    );
    const what = bad.map((b) => b.slice(b.indexOf(" ") + 1, b.indexOf(": "))).sort();
    expect(what).toEqual(["JSX text", "aria-label=", "label=", "placeholder=", "toast text", "toast title"]);
    const good = findLiteralTexts(
      "y.tsx",
      `const a = <Title label={t("name")} title={t("a", { x: "Word" })} alt="">{t("hello")} SiteSafe · OSHA {count}</Title>;
       notifyError(t("failed"), errorMessage(e, t("fallback")));`,
    );
    expect(good).toEqual([]);
  });

  it.each(FOLDERS)("src/%s shows only translated texts", (folder) => {
    const files = tsxFiles(join(src, folder));
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((path) => findLiteralTexts(relative(src, path), readFileSync(path, "utf8")));
    expect(found).toEqual([]);
  });
});
