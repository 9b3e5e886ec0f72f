import { compliance, type Database } from "@sitesafe/db";
import type { Kysely } from "kysely";
import { type MemoryStore, VersionedMemory } from "./store.js";

type Lookup<V> = compliance.FiguresLookup<V>;

/**
 * Compliance figures (docs/decisions/0006-compliance-memory.md). Every project screen shows each
 * project's worker count and compliance, and every worker list each worker's compliance; both are
 * averages over training rows (~19 ms of SQL for a page of 50 projects, about 25,000 rows, on the
 * large dataset). Reading every project's (~40 ms) or every worker's figures once serves all
 * screens while the change counters of their tables (the "figures:*" entries of tables.ts) are the
 * ones read before they were, and for at most `ttlMs`. A project or worker not among them yet is
 * read on the spot, never shown without figures. `ttlMs` 0 reads every time (tests that count
 * queries). They are kept in the store, within its byte budget.
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
   * the counters read before anything else the request reads, request.ts).
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

/** Project and worker figures, one read of each shared by every screen. */
export class FigureMemory {
  readonly projects: RememberedFigures<compliance.ProjectFigures>;
  readonly workers: RememberedFigures<number>;

  constructor(ttlMs: number, store: MemoryStore) {
    const memory = new VersionedMemory(store, "figures", ttlMs);
    this.projects = new RememberedFigures(memory, "projects", compliance.allProjectFigures, compliance.projectFiguresOf);
    this.workers = new RememberedFigures(memory, "workers", compliance.allWorkerCompliance, compliance.workerComplianceOfIds);
  }
}
