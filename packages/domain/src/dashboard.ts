/** Schemas, rules and formulas of the dashboard area. */
export {};
