// Queries for the projects area: each takes the database (or a transaction) first.
export {};
