/** Schemas, rules and formulas of the comments area. */
export {};
