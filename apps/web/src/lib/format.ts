import dayjs from "dayjs";
import { currentLanguage, i18n, intlLocale, numberFormat } from "./i18n";

/**
 * The product's display formats (docs/product.md), through dayjs. The product writes them in
 * date-fns notation ("MMM d, yyyy"); these are the same formats in dayjs tokens. In Spanish the
 * day comes first ("5 ene 2026") and names are Spanish (dayjs's locale, set by lib/i18n).
 */
type DateInput = Date | string | number | null | undefined;

const FORMATS = {
  en: { date: "MMM D, YYYY", dateTime: "MMM D, YYYY h:mm A", long: "MMMM D, YYYY [at] h:mm A", time: "h:mm A" },
  es: { date: "D MMM YYYY", dateTime: "D MMM YYYY, h:mm A", long: "D [de] MMMM [de] YYYY [a las] h:mm A", time: "h:mm A" },
} as const;
const formats = () => FORMATS[currentLanguage()];
const t = (key: string, options?: Record<string, unknown>) => i18n.t(`common:format.${key}`, options);

const valid = (value: DateInput) => (value == null || value === "" ? null : dayjs(value).isValid() ? dayjs(value) : null);

/** "Jan 5, 2026". Date-only strings ("2026-01-05") are read as local dates, never shifted a day. */
export function formatDate(value: DateInput): string {
  return valid(value)?.format(formats().date) ?? "";
}

/** Permits: "Jan 5, 2026 3:04 PM". */
export function formatDateTime(value: DateInput): string {
  return valid(value)?.format(formats().dateTime) ?? "";
}

/** Profile: "January 5, 2026 at 3:04 PM"; "Unknown date" when it cannot be read. */
export function formatLongDateTime(value: DateInput): string {
  const d = valid(value);
  return d ? d.format(formats().long) : t("unknownDate");
}

/** Ages: Today, Yesterday, N days ago (under 7), 1 week ago (under 14), N weeks ago (under 30), N months ago. */
export function formatAge(value: DateInput, now: Date = new Date()): string {
  const d = valid(value);
  if (!d) return "";
  const days = dayjs(now).startOf("day").diff(d.startOf("day"), "day");
  if (days <= 0) return t("today");
  if (days === 1) return t("yesterday");
  if (days < 7) return t("daysAgo", { count: days });
  if (days < 30) return t("weeksAgo", { count: Math.floor(days / 7) });
  return t("monthsAgo", { count: Math.max(1, Math.floor(days / 30)) });
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
  const time = d.format(formats().time);
  if (days === 0) return t("todayAt", { time });
  if (days === 1) return t("tomorrowAt", { time });
  const day = d.format("dddd");
  return t("dayAt", { day: day.charAt(0).toUpperCase() + day.slice(1), time });
}

/** For datetime-local inputs: "2026-01-05T15:04" in local time. */
export function toDateTimeLocal(value: DateInput): string {
  return valid(value)?.format("YYYY-MM-DDTHH:mm") ?? "";
}

/** Today as "YYYY-MM-DD" in local time (form defaults). */
export function todayIso(now: Date = new Date()): string {
  return dayjs(now).format("YYYY-MM-DD");
}

/** A number as the UI's language writes it (1,250 in English and in US Spanish). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  if (!options && Number.isSafeInteger(value)) return groupThousands(value);
  return numberFormat(intlLocale(), options).format(value);
}

/** A whole percentage: "85%" in English, "85 %" in Spanish. */
export function formatPercent(value: number): string {
  if (currentLanguage() === "en" && Number.isSafeInteger(value)) return `${groupThousands(value)}%`;
  return formatNumber(value / 100, { style: "percent", maximumFractionDigits: 0 });
}

/**
 * A whole number with a comma every three digits, as en-US and es-US write it (format.test.ts
 * checks it against Intl). The dashboard's figures are whole numbers, and the first
 * Intl.NumberFormat a page makes costs ~90 ms (370 ms at a phone's 4x slowdown) in the stat
 * cards' render, loading the locale's number data (issue #37).
 */
function groupThousands(value: number): string {
  const digits = String(Math.abs(value));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return value < 0 ? `-${out}` : out;
}

/** The dashboard's date line: "Monday, November 23" / "lunes, 23 de noviembre". */
export function formatWeekdayDate(value: DateInput): string {
  return valid(value)?.format(currentLanguage() === "es" ? "dddd, D [de] MMMM" : "dddd, MMMM D") ?? "";
}

/** A calendar month ("2026-11"): "November 2026" / "noviembre de 2026". */
export function formatMonth(month: string): string {
  return valid(`${month}-01`)?.format(currentLanguage() === "es" ? "MMMM [de] YYYY" : "MMMM YYYY") ?? month;
}
