/** A worker's role, and the company after it when there is one ("Carpenter · Acme Builders"). */
export const roleLine = (w: { role: string; company: string | null }) => `${w.role}${w.company ? ` · ${w.company}` : ""}`;
