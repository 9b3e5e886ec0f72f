// Queries for the comments area: each takes the database (or a transaction) first.
export {};
