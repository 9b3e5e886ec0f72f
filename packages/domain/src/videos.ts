/** Schemas, rules and formulas of the videos area. */
export {};
