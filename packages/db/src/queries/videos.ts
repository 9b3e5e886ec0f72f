// Queries for the videos area: each takes the database (or a transaction) first.
export {};
