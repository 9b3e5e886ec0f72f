import { z } from "zod";
import { roles } from "./roles.js";

/** Messages are the product's, word for word (docs/product.md). */
export const PASSWORD_MIN_LOGIN = 6;
export const PASSWORD_MIN_CHANGE = 8;
export const USERNAME_MIN = 3;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const loginSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .min(USERNAME_MIN, "Username must be at least 3 characters")
    .max(100, "Username is too long"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(PASSWORD_MIN_LOGIN, "Password must be at least 6 characters")
    .max(200, "Password is too long"),
});
export type LoginInput = z.infer<typeof loginSchema>;

const registrationFields = {
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .min(USERNAME_MIN, "Username must be at least 3 characters")
    .max(100, "Username is too long"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is invalid")
    .regex(EMAIL_PATTERN, "Email is invalid"),
  firstName: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(100),
  lastName: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(PASSWORD_MIN_LOGIN, "Password must be at least 6 characters")
    .max(200, "Password is too long"),
  role: z.enum(roles, { error: "Role is required" }),
  company: z.string().trim().max(200).optional().nullable(),
  hardhatNumber: z.string().trim().max(100).optional().nullable(),
  inviteToken: z.string().trim().max(200).optional().nullable(),
};

type RegistrationShape = {
  role: (typeof roles)[number];
  company?: string | null | undefined;
  hardhatNumber?: string | null | undefined;
  inviteToken?: string | null | undefined;
};

function requireRoleFields(value: RegistrationShape, ctx: z.RefinementCtx) {
  if (value.role === "worker") {
    if (!value.company) ctx.addIssue({ code: "custom", path: ["company"], message: "Company name is required" });
    if (!value.hardhatNumber) ctx.addIssue({ code: "custom", path: ["hardhatNumber"], message: "Hard hat number is required" });
  } else if (!value.inviteToken) {
    ctx.addIssue({ code: "custom", path: ["inviteToken"], message: "Invite token is required for admin and manager roles" });
  }
}

/** What POST /api/register accepts (confirmPassword is not sent). */
export const registerSchema = z.object(registrationFields).superRefine(requireRoleFields);
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration form: the same rules plus the password confirmation. */
export const registerFormSchema = z
  .object({
    ...registrationFields,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .superRefine((value, ctx) => {
    requireRoleFields(value, ctx);
    if (value.confirmPassword && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords do not match" });
    }
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST /api/change-password. No letter-case or digit rule on this form (a product rule). */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(200),
  newPassword: z
    .string({ error: "New password must be at least 8 characters" })
    .min(PASSWORD_MIN_CHANGE, "New password must be at least 8 characters")
    .max(200, "Password is too long"),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z
      .string({ error: "Confirm password must be at least 8 characters" })
      .min(PASSWORD_MIN_CHANGE, "Confirm password must be at least 8 characters"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });

/** The admin reset rules: 8+ with a lowercase, an uppercase and a digit. */
export const resetPasswordValueSchema = z
  .string({ error: "Password must be at least 8 characters long" })
  .min(PASSWORD_MIN_CHANGE, "Password must be at least 8 characters long")
  .max(200, "Password is too long")
  .regex(/[a-z]/, "Password must contain at least one lowercase letter")
  .regex(/[A-Z]/, "Password must contain at least one uppercase letter")
  .regex(/[0-9]/, "Password must contain at least one number");

/** POST /api/reset-password. */
export const resetPasswordSchema = z.object({
  userId: z.coerce.number({ error: "User is required" }).int().positive("User is required"),
  password: resetPasswordValueSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({ password: resetPasswordValueSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });

export const RESET_PASSWORD_HINT = "Password must be at least 8 characters and include lowercase, uppercase, and numbers.";

export const TOO_MANY_LOGINS = "Too many failed login attempts. Try again later.";
export const INVALID_LOGIN = "Invalid username or password";
/**
 * Failed-login limits within the window (docs/security.md): this many failures per account name,
 * and a much higher number per client address, which a whole crew behind one site router or
 * company NAT shares.
 */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_ADDRESS_FAILURE_LIMIT = 100;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
