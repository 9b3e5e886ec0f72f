import { setupTestTemplate } from "../src/testing.js";

export default async function setup() {
  return setupTestTemplate();
}
