import { compliance, type Database } from "@sitesafe/db";
import type { Kysely } from "kysely";
import { type MemoryStore, VersionedMemory } from "./memoryStore.js";

type Lookup<V> = compliance.FiguresLookup<V>;

/**
 * Compliance figures remembered for a few seconds per process (docs/decisions/performance.md). Every project screen
 * shows each project's worker count and compliance, and every worker list each worker's
 * compliance; both are averages over training rows (~19 ms of SQL for a page of 50 projects, about
 * 25,000 rows, on the large dataset), which kept those screens at 2-7% of the bare route and the
 * projects page over its 100 ms p95 under load. Reading every project's (~40 ms) or every worker's
 * figures once serves all screens until the memory expires.
 *
 * Freshness (docs/decisions/0006-compliance-memory.md, 0007-answer-memory.md, 0105-bounded-memory.md):
 * the figures are used only while the change counters of the tables they are read from
 * (memoryTables.ts) are the ones read before they were read, so any write to those tables, through
 * this process, another instance or straight in the database, makes the next request read them
 * again; and for at most `ttlMs`. Every write through
 * this process also forgets them at once (`invalidate`). A project or worker this process has not
 * seen yet is read on the spot, never shown without figures. `ttlMs` 0 reads every time (tests
 * that count queries). They are kept in the server's memory store, within its byte budget.
 */
export class RememberedFigures<V> {
  constructor(
    private readonly memory: VersionedMemory,
    private readonly name: string,
    private readonly readAll: (db: Kysely<Database>) => Promise<ReadonlyMap<number, V>>,
    private readonly readNow: (db: Kysely<Database>) => Lookup<V>,
  ) {}

  /**
   * The lookup the queries take (`compliance.ProjectFiguresLookup`, `WorkerComplianceLookup`).
   * `version` is the request's version of the figures' tables (`dataVersions.scopedVersion` of
   * the counters read before anything else the request reads, context.ts).
   */
  lookup(db: Kysely<Database>, version: () => Promise<string>): Lookup<V> {
    if (!this.memory.enabled) return this.readNow(db);
    return async (ids) => {
      const all = await this.memory.read(this.name, await version(), () => this.readAll(db));
      if (ids.every((id) => all.has(id))) return all;
      return this.readNow(db)(ids);
    };
  }
}

/** The server's memory of project and worker figures, forgotten together on any write. */
export class ComplianceMemory {
  private readonly memory: VersionedMemory;
  readonly projects: RememberedFigures<compliance.ProjectFigures>;
  readonly workers: RememberedFigures<number>;

  constructor(ttlMs: number, store: MemoryStore) {
    this.memory = new VersionedMemory(store, "figures", ttlMs);
    this.projects = new RememberedFigures(this.memory, "projects", compliance.allProjectFigures, compliance.projectFiguresOf);
    this.workers = new RememberedFigures(this.memory, "workers", compliance.allWorkerCompliance, compliance.workerComplianceOfIds);
  }

  invalidate(): void {
    this.memory.forget();
  }
}
