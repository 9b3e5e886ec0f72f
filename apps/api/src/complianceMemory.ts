import { compliance, type Database } from "@sitesafe/db";
import type { Kysely } from "kysely";
import { SnapshotMemo } from "./answerMemory.js";

type Lookup<V> = compliance.FiguresLookup<V>;

/**
 * Compliance figures remembered for a few seconds per process (issue #10). Every project screen
 * shows each project's worker count and compliance, and every worker list each worker's
 * compliance; both are averages over training rows (~19 ms of SQL for a page of 50 projects, about
 * 25,000 rows, on the large dataset), which kept those screens at 2-7% of the bare route and the
 * projects page over its 100 ms p95 under load. Reading every project's (~40 ms) or every worker's
 * figures once serves all screens until the memory expires.
 *
 * Freshness (docs/decisions/0006-compliance-memory.md, 0007-answer-memory.md): the figures are
 * used only while the database's snapshot is the one taken before they were read, so any commit,
 * through this process, another instance or straight in the database, makes the next request read
 * them again; and for at most `ttlMs`. Every write through this process also forgets them at once
 * (`invalidate`). A project or worker this process has not seen yet is read on the spot, never
 * shown without figures. `ttlMs` 0 reads every time (tests that count queries).
 */
export class RememberedFigures<V> {
  private readonly memo: SnapshotMemo<ReadonlyMap<number, V>>;

  constructor(
    private readonly readAll: (db: Kysely<Database>) => Promise<ReadonlyMap<number, V>>,
    private readonly readNow: (db: Kysely<Database>) => Lookup<V>,
    private readonly ttlMs: number,
  ) {
    this.memo = new SnapshotMemo(ttlMs);
  }

  /**
   * The lookup the queries take (`compliance.ProjectFiguresLookup`, `WorkerComplianceLookup`).
   * `snapshot` is the request's database snapshot (`snapshots.currentSnapshot`), taken before
   * anything else the request reads.
   */
  lookup(db: Kysely<Database>, snapshot: () => Promise<string>): Lookup<V> {
    if (this.ttlMs <= 0) return this.readNow(db);
    return async (ids) => {
      const all = await this.memo.get(db, await snapshot(), () => this.readAll(db));
      if (ids.every((id) => all.has(id))) return all;
      return this.readNow(db)(ids);
    };
  }

  invalidate(): void {
    this.memo.forget();
  }
}

/** The server's memory of project and worker figures, forgotten together on any write. */
export class ComplianceMemory {
  readonly projects: RememberedFigures<compliance.ProjectFigures>;
  readonly workers: RememberedFigures<number>;

  constructor(ttlMs = 10_000) {
    this.projects = new RememberedFigures(compliance.allProjectFigures, compliance.projectFiguresOf, ttlMs);
    this.workers = new RememberedFigures(compliance.allWorkerCompliance, compliance.workerComplianceOfIds, ttlMs);
  }

  invalidate(): void {
    this.projects.invalidate();
    this.workers.invalidate();
  }
}
