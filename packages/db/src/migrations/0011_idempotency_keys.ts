import { type Kysely, sql } from "kysely";

/**
 * Idempotency keys (docs/decisions/0111-offline-outbox-and-idempotency.md). One row per (user, key):
 * the unique constraint is what makes two copies of one create, arriving at once, create one
 * record. The row is written in the same transaction as the record it created, with the answer
 * that was sent, so a retry gets the first answer and a crash leaves neither.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table idempotency_keys (
      user_id integer not null references users (id) on delete cascade,
      key text not null check (char_length(key) between 1 and 255),
      fingerprint text not null,
      answer text,
      created_at timestamptz not null default now(),
      primary key (user_id, key)
    )`.execute(db);
  await sql`create index idempotency_keys_created_idx on idempotency_keys (created_at)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists idempotency_keys`.execute(db);
}
