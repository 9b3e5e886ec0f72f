// Queries for the training area: each takes the database (or a transaction) first.
export {};
