import { del, get, post, type RestRoute } from "./table.js";

/** Service tokens (docs/decisions/0110-api-consumers.md): one's own, and an admin's view of anyone's. */
export const tokensRoutes: RestRoute[] = [
  get("/api/tokens", (c) => c.tokens.list()),
  post("/api/tokens", (c, r) => c.tokens.create(r.input)),
  del("/api/tokens/:id", (c, r) => c.tokens.revoke(r.input)),
  get("/api/users/:id/tokens", (c, r) => c.tokens.listForUser(r.input)),
  del("/api/users/:id/tokens/:tokenId", (c, r) => c.tokens.revokeForUser(r.input)),
];
