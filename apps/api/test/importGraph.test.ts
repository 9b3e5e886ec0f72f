import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The server's modules import each other in one direction only: no file reaches itself through its
// imports (docs/architecture.md). A circle is how the read memory once tangled answers, lists,
// the request context and the figures; type-only imports count too, since they tie the files'
// meaning together just the same.

const root = resolve(import.meta.dirname, "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".d.ts") ? [path] : [];
  });
}

/** The files of `src` that `file` imports (relative specifiers, static or dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)"(\.{1,2}\/[^"]+)"/g)) {
    found.add(resolve(dirname(file), (m[1] as string).replace(/\.js$/, ".ts")));
  }
  return [...found];
}

/** Every circle of the graph, each as the files around it. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === "open") found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe("the server's import graph", () => {
  const graph = new Map(sourceFiles(root).map((file) => [file, importsOf(file)]));

  it("has no circle", () => {
    const named = circles(graph).map((circle) => circle.map((file) => relative(root, file)).join(" -> "));
    expect(named).toEqual([]);
  });

  it("is read whole: the files are found and their imports resolve to files of src", () => {
    expect(graph.size).toBeGreaterThan(50);
    for (const [file, imports] of graph) {
      for (const target of imports) expect(graph.has(target), `${relative(root, file)} imports ${relative(root, target)}`).toBe(true);
    }
  });

  it("would see a circle (the check itself)", () => {
    expect(
      circles(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", ["a"]],
        ]),
      ),
    ).toEqual([["a", "b", "c", "a"]]);
    expect(
      circles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });
});
