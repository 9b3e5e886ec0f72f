// Queries for the dashboard area: each takes the database (or a transaction) first.
export {};
