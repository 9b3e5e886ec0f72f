export { hashPassword } from "./auth/passwords.js";
export { createSession } from "./auth/sessions.js";
export { ensureAdmin } from "./bootstrap.js";
export { type Config, loadConfig } from "./config.js";
export { type Context, createContext } from "./context.js";
export type { AppRouter } from "./router.js";
export { appRouter, createCaller } from "./router.js";
export { buildServer, errorResponse } from "./server.js";
