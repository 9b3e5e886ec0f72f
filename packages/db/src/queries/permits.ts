// Queries for the permits area: each takes the database (or a transaction) first.
export {};
