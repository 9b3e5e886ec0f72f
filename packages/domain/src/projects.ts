/** Schemas, rules and formulas of the projects area. */
export {};
