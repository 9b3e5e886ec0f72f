import { type Kysely, sql } from "kysely";

/**
 * Each worker's training points, kept by the database (issue #10). Compliance is the spec's
 *   (completed modules x 100 + progress of in-progress modules) / number of modules
 * and lists show it for every row: a page of 50 projects read ~25,000 training rows to average
 * its ~1,250 workers (18.7 ms of SQL per page, the slowest bounded route of the benchmark).
 * `workers.training_points` holds the numerator; statement-level triggers on worker_trainings
 * keep it exact on every insert, update and delete (module deletions cascade through them too),
 * in the same transaction as the change, whichever code or script makes it. Reading compliance is
 * then one column and the module count (queries/compliance.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workers add column training_points integer not null default 0`.execute(db);
  await sql`comment on column workers.training_points is
    'Sum over this worker''s worker_trainings of 100 per completed module and the progress of in-progress ones; kept by trigger worker_trainings_points (migration 0004)'`.execute(db);
  await sql`
    create function worker_training_points(status text, progress integer) returns integer
      language sql immutable
      as $$ select case status when 'completed' then 100 when 'in_progress' then progress else 0 end $$`.execute(db);
  // One function for the three triggers; each branch reads only the transition tables its event has.
  await sql`
    create function worker_trainings_keep_points() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update workers w set training_points = w.training_points + d.points
          from (select worker_id, sum(worker_training_points(status, progress)) as points from new_rows group by worker_id) d
          where w.id = d.worker_id and d.points <> 0;
      elsif tg_op = 'DELETE' then
        update workers w set training_points = w.training_points - d.points
          from (select worker_id, sum(worker_training_points(status, progress)) as points from old_rows group by worker_id) d
          where w.id = d.worker_id and d.points <> 0;
      else
        update workers w set training_points = w.training_points + d.points
          from (
            select worker_id, sum(points) as points from (
              select worker_id, worker_training_points(status, progress) as points from new_rows
              union all
              select worker_id, -worker_training_points(status, progress) from old_rows
            ) changes group by worker_id
          ) d
          where w.id = d.worker_id and d.points <> 0;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger worker_trainings_points_insert after insert on worker_trainings
    referencing new table as new_rows for each statement execute function worker_trainings_keep_points()`.execute(db);
  await sql`create trigger worker_trainings_points_update after update on worker_trainings
    referencing old table as old_rows new table as new_rows for each statement execute function worker_trainings_keep_points()`.execute(db);
  await sql`create trigger worker_trainings_points_delete after delete on worker_trainings
    referencing old table as old_rows for each statement execute function worker_trainings_keep_points()`.execute(db);
  // Existing rows: the same sum, once.
  await sql`
    update workers w set training_points = t.points
      from (select worker_id, sum(worker_training_points(status, progress)) as points from worker_trainings group by worker_id) t
      where w.id = t.worker_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists worker_trainings_points_insert on worker_trainings`.execute(db);
  await sql`drop trigger if exists worker_trainings_points_update on worker_trainings`.execute(db);
  await sql`drop trigger if exists worker_trainings_points_delete on worker_trainings`.execute(db);
  await sql`drop function if exists worker_trainings_keep_points()`.execute(db);
  await sql`drop function if exists worker_training_points(text, integer)`.execute(db);
  await sql`alter table workers drop column if exists training_points`.execute(db);
}
