/** Schemas, rules and formulas of the incidents area. */
export {};
