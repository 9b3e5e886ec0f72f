import { setupTestTemplate } from "@sitesafe/db/testing";

/** One migrated template database per run; every test file gets a copy (docs/conventions.md). */
export default async function setup() {
  return setupTestTemplate();
}
