/** Schemas, rules and formulas of the training area. */
export {};
