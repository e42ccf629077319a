import { z } from "zod";
import { envelope } from "./common.js";
import { ROLES } from "./constants.js";

/** A demo account the login page offers, only while it still signs in with its demo password. */
export const demoAccountSchema = z.object({ role: z.enum(ROLES), email: z.string(), password: z.string() });
export type DemoAccount = z.infer<typeof demoAccountSchema>;

/** GET /auth/demo-accounts. */
export const demoAccountsResponseSchema = envelope(z.object({ accounts: z.array(demoAccountSchema) }));
