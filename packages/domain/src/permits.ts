/** Schemas, rules and formulas of the permits area. */
export {};
