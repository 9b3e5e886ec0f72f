/** Schemas, rules and formulas of the jha area. */
export {};
