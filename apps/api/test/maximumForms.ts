import { readFileSync } from "node:fs";

/**
 * What the memory and request attack tests share (memoryAttack, requestAttack, answerBudget): JHA
 * forms as large as the schema allows, and the resident size of a spawned server.
 */

/** The words every maximum form's job description holds: `q00` … `q99`. A search for any of them, or a prefix such as `q1`, matches every form. */
export const SEARCH_WORDS = Array.from({ length: 100 }, (_, i) => `q${String(i).padStart(2, "0")}`);

/** A JHA form with every field at its maximum (~116 KB as JSON), matching every search of SEARCH_WORDS. */
export function maximumJhaForm(projectId: number, i: number) {
  return {
    projectId,
    title: `Form ${i} `.padEnd(200, "T"),
    jobDescription: `${SEARCH_WORDS.join(" ")} `.padEnd(5000, "J"),
    hazards: Array.from({ length: 50 }, (_, h) => ({ description: `Hazard ${h} `.padEnd(1000, "H"), riskLevel: "high" as const })),
    controlMeasures: Array.from({ length: 50 }, (_, c) => ({
      description: `Control ${c} `.padEnd(1000, "C"),
      responsibility: "R".repeat(200),
    })),
  };
}

/** Resident and peak resident size of a process, in MB (Linux). */
export function residentMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}
