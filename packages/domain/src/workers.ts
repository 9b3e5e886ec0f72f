/** Schemas, rules and formulas of the workers area. */
export {};
