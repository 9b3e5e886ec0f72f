import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Comments and docs point only to files that exist (docs/conventions.md, "Pointers in comments and
// docs"). The rule, kept narrow so that it never needs an exception list:
//
// - Where: every `*.md` file of the repository (its whole text) and the comments of every
//   `*.ts`, `*.tsx` and `*.mjs` file (`// ...` and `/* ... */`; strings and code are not read).
//   The benchmark's written results (bench/results*), generated files and this file (its samples
//   name missing files on purpose) are left out.
// - What: a name ending in `.md`, `.ts` or `.tsx`, made of letters, digits and `@ . _ -`, with `/`
//   between folders. A name next to `<`, `*`, `{`, `$` or `:` is a pattern or a URL (`<area>.ts`,
//   `*.test.ts`, `https://.../README.md`) and is not a pointer.
// - Exists: a bare name (`trpc.ts`) when some file of the repository has that name; a path
//   (`rest/register.ts`) when some file's path ends with it, so a path may be shortened from the
//   front as the docs do; a path starting with `./` or `../` relative to the file that names it.
//   Paths under a `dist/` folder are build output and are not checked.
// - A decision record marked "**Superseded by ...**" in its first lines is history: it names the
//   files of its time and is not checked.
//
// Also refused: citing "the spec", a document that is not in this repository (docs/product.md
// holds the product's rules).

const repoRoot = resolve(import.meta.dirname, "..", "..", "..");
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" })
  .split("\n")
  .filter((path) => path !== "" && existsSync(join(repoRoot, path)));
const names = new Set(tracked.map((path) => basename(path)));

const scanned = tracked.filter(
  (path) =>
    /\.(md|ts|tsx|mjs)$/.test(path) &&
    !path.startsWith("bench/results") &&
    !path.endsWith("routeTree.gen.ts") &&
    // This file names missing files and the phrase it refuses on purpose, as samples.
    path !== "apps/api/test/references.test.ts",
);

/** The comments of a source file, one after another. */
function commentsOf(text: string): string {
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\\/])\/\/[^\n]*/g)].map((m) => m[0]).join("\n");
}

const POINTER = /(?<![\w./<>*{}$@:-])((?:\.{1,2}\/)?[\w@-][\w@.-]*(?:\/[\w@.-]+)*\.(?:md|tsx?))(?![\w/*-])/g;
const SPEC = /\bthe spec\b|\bspec section\b|\bspec's\b|\(spec[:)]/i;

function exists(pointer: string, from: string): boolean {
  if (pointer.startsWith(".")) return existsSync(join(repoRoot, dirname(from), pointer));
  if (!pointer.includes("/")) return names.has(pointer);
  return tracked.some((path) => path === pointer || path.endsWith(`/${pointer}`));
}

function textOf(path: string): string | undefined {
  const text = readFileSync(join(repoRoot, path), "utf8");
  if (!path.endsWith(".md")) return commentsOf(text);
  if (path.startsWith("docs/decisions/") && /\*\*Superseded by/.test(text.split("\n").slice(0, 5).join("\n"))) return undefined;
  return text;
}

/** Every pointer to a missing file: "file: pointer". */
export function missingPointers(files: readonly string[], read: (path: string) => string | undefined): string[] {
  const missing: string[] = [];
  for (const file of files) {
    const text = read(file);
    if (text === undefined) continue;
    for (const match of text.matchAll(POINTER)) {
      const pointer = match[1] as string;
      if (/(^|\/)dist\//.test(pointer)) continue;
      if (!exists(pointer, file)) missing.push(`${file}: ${pointer}`);
    }
  }
  return missing;
}

describe("pointers in comments and docs", () => {
  it("the rule finds what it should and nothing else", () => {
    const samples: Record<string, string> = {
      "apps/api/src/a.ts": [
        "// see request.ts and rest/register.ts, test/memoryBudget.test.ts",
        "/* docs/decisions/0113-read-memory-finer-keys.md; docs/decisions/0115-no-read-memory.md */",
        "// every <area>.ts, *.test.ts, https://example.com/README.md, dist/index.d.ts",
        'const url = "apps/api/src/gone.ts"; // code is not read',
      ].join("\n"),
      "docs/x.md": "See [the map](./architecture.md) and [nothing](./nothing.md), `packages/domain/src/policy.ts`.",
    };
    const read = (path: string) => {
      const text = samples[path] as string;
      return path.endsWith(".md") ? text : commentsOf(text);
    };
    expect(missingPointers(Object.keys(samples), read)).toEqual([
      "apps/api/src/a.ts: request.ts",
      "apps/api/src/a.ts: test/memoryBudget.test.ts",
      "apps/api/src/a.ts: docs/decisions/0113-read-memory-finer-keys.md",
      "docs/x.md: ./nothing.md",
    ]);
  });

  it("every *.md and *.ts path named in a comment or a doc exists in the repository", () => {
    expect(scanned.length).toBeGreaterThan(300);
    expect(missingPointers(scanned, textOf)).toEqual([]);
  });

  it('no comment or doc cites "the spec", which is not in the repository', () => {
    const citing = scanned.filter((path) => {
      const text = textOf(path);
      return text !== undefined && SPEC.test(text);
    });
    expect(citing).toEqual([]);
  });
});
