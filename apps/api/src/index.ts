export type { AppRouter } from "./router.js";
export { appRouter, createCaller } from "./router.js";
export { buildServer, errorResponse } from "./server.js";
export { loadConfig, type Config } from "./config.js";
export { createContext, type Context } from "./context.js";
export { ensureAdmin } from "./bootstrap.js";
export { hashPassword } from "./auth/passwords.js";
export { createSession } from "./auth/sessions.js";
