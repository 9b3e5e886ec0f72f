// Queries for the jha area: each takes the database (or a transaction) first.
export {};
