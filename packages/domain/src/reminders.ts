/**
 * How long the signed-in screens' training reminder stays on screen (docs/product.md: the
 * once-per-session reminder of required training). Its own module, without schemas: the layout of
 * every signed-in screen reads it (issue #37).
 */
export const TRAINING_REMINDER_MS = 10_000;
