import { compliance, type Database } from "@sitesafe/db";
import type { Kysely } from "kysely";

type Figures = ReadonlyMap<number, compliance.ProjectFigures>;

/**
 * Every project's worker count and compliance, remembered for a few seconds per process (issue #10).
 * Each project card, the projects page, the project detail, a worker's projects and the
 * dashboard's project table show these figures, and each is an average over the project's
 * workers' training rows: ~19 ms of SQL for a page of 50 projects on the large dataset, which kept
 * the projects page at 2-3% of the bare route and over its 100 ms p95 under load. Reading all 200
 * projects' figures once (~40 ms) serves every screen until the memory expires.
 *
 * Freshness, as for the session memory (docs/decisions/0005-session-cache.md): every write through
 * this process forgets the figures at once (`invalidate`, called with the session memory's), so
 * assigning a worker or finishing a module shows on the next read; another instance's writes show
 * within `ttlMs`. A project this process has not seen yet (created on another instance) is read on
 * the spot, never shown without figures. `ttlMs` 0 reads every time (tests that count queries).
 */
export class ProjectFiguresCache {
  private entry: { db: Kysely<Database>; storedAt: number; figures: Promise<Figures> } | null = null;

  constructor(private readonly ttlMs = 10_000) {}

  /** The lookup the project queries take (`compliance.ProjectFiguresLookup`). */
  lookup(db: Kysely<Database>): compliance.ProjectFiguresLookup {
    if (this.ttlMs <= 0) return compliance.projectFiguresOf(db);
    return async (projectIds) => {
      const all = await this.all(db);
      if (projectIds.every((id) => all.has(id))) return all;
      return compliance.projectFiguresOf(db)(projectIds);
    };
  }

  invalidate(): void {
    this.entry = null;
  }

  private all(db: Kysely<Database>): Promise<Figures> {
    const now = Date.now();
    const entry = this.entry;
    if (entry && entry.db === db && now - entry.storedAt < this.ttlMs) return entry.figures;
    const figures = compliance.allProjectFigures(db);
    const stored = { db, storedAt: now, figures };
    this.entry = stored;
    // A failed read is not remembered: the next request tries again.
    figures.catch(() => {
      if (this.entry === stored) this.entry = null;
    });
    return figures;
  }
}
