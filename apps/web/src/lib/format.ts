import dayjs from "dayjs";

/**
 * The spec's display formats (docs/product.md), through dayjs. The spec writes them in
 * date-fns notation ("MMM d, yyyy"); these are the same formats in dayjs tokens.
 */
type DateInput = Date | string | number | null | undefined;

const valid = (value: DateInput) => (value == null || value === "" ? null : dayjs(value).isValid() ? dayjs(value) : null);

/** "Jan 5, 2026". Date-only strings ("2026-01-05") are read as local dates, never shifted a day. */
export function formatDate(value: DateInput): string {
  return valid(value)?.format("MMM D, YYYY") ?? "";
}

/** Permits: "Jan 5, 2026 3:04 PM". */
export function formatDateTime(value: DateInput): string {
  return valid(value)?.format("MMM D, YYYY h:mm A") ?? "";
}

/** Profile: "January 5, 2026 at 3:04 PM"; "Unknown date" when it cannot be read. */
export function formatLongDateTime(value: DateInput): string {
  const d = valid(value);
  return d ? `${d.format("MMMM D, YYYY")} at ${d.format("h:mm A")}` : "Unknown date";
}

/** Ages: Today, Yesterday, N days ago (under 7), 1 week ago (under 14), N weeks ago (under 30), N months ago. */
export function formatAge(value: DateInput, now: Date = new Date()): string {
  const d = valid(value);
  if (!d) return "";
  const days = dayjs(now).startOf("day").diff(d.startOf("day"), "day");
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < 7) return `${days} days ago`;
  if (days < 14) return "1 week ago";
  if (days < 30) return `${Math.floor(days / 7)} weeks ago`;
  const months = Math.max(1, Math.floor(days / 30));
  return months === 1 ? "1 month ago" : `${months} months ago`;
}

/** Durations in m:ss. */
export function formatDuration(totalSeconds: number | null | undefined): string {
  const s = Math.max(0, Math.round(totalSeconds ?? 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Upcoming items: "Today, 3:00 PM", "Tomorrow, 9:30 AM" or "Wednesday, 8:00 AM". */
export function formatUpcoming(value: DateInput, now: Date = new Date()): string {
  const d = valid(value);
  if (!d) return "";
  const days = d.startOf("day").diff(dayjs(now).startOf("day"), "day");
  const time = d.format("h:mm A");
  if (days === 0) return `Today, ${time}`;
  if (days === 1) return `Tomorrow, ${time}`;
  return `${d.format("dddd")}, ${time}`;
}

/** For datetime-local inputs: "2026-01-05T15:04" in local time. */
export function toDateTimeLocal(value: DateInput): string {
  return valid(value)?.format("YYYY-MM-DDTHH:mm") ?? "";
}

/** Today as "YYYY-MM-DD" in local time (form defaults). */
export function todayIso(now: Date = new Date()): string {
  return dayjs(now).format("YYYY-MM-DD");
}
