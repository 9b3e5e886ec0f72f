import { z } from "zod";
import { MAX_FIRE_WATCH_MINUTES, MIN_FIRE_WATCH_MINUTES } from "./fireWatch.js";
import { idParam } from "./users.js";

// The fire watch's inputs. Apart from fireWatch.ts, whose rules the dashboard's first screen reads
// without building schemas (issue #37).

const mustConfirm = (message: string) => z.literal(true, { error: message });

/** "Area inspected, no smoke, no heat": each must be confirmed. */
export const fireWatchSignOffSchema = z.object({
  id: idParam,
  areaInspected: mustConfirm("Confirm that the area was inspected"),
  noSmoke: mustConfirm("Confirm that there is no smoke"),
  noHeat: mustConfirm("Confirm that there is no heat"),
});

export const fireWatchMinutesSchema = z.coerce
  .number({ error: "Fire watch minutes must be a number" })
  .int("Fire watch minutes must be a whole number")
  .min(MIN_FIRE_WATCH_MINUTES, `The fire watch must last at least ${MIN_FIRE_WATCH_MINUTES} minutes`)
  .max(MAX_FIRE_WATCH_MINUTES, `The fire watch can last at most ${MAX_FIRE_WATCH_MINUTES} minutes`);
