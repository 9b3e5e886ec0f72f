// Queries for the incidents area: each takes the database (or a transaction) first.
export {};
