import { messageResponseSchema, TWO_FACTOR_MESSAGES, USER_ADMIN_MESSAGES, userParamsSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures } from "../../http/failures.js";
import { canManageUsers } from "../../policies/index.js";
import { createAccountSecurityService } from "./account-security-service.js";

const schema = { tags: ["users"], security: [{ bearerAuth: [] }], params: userParamsSchema };
const PEERS = "A plain admin may do it to instructors and learners; an admin or super admin needs a super admin.";

/** Admins' help with a user's account security; each call is logged as an admin action. */
export async function accountSecurityRoutes(
  app: FastifyInstance,
  { db, guard }: { db: Kysely<Database>; guard: Guard },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, canManageUsers);
  const security = createAccountSecurityService(db);

  r.post(
    "/admin/users/:id/sign-out-everywhere",
    {
      onRequest,
      schema: {
        ...schema,
        description: `Ends every session of the user (access and refresh tokens, reset and e-mail-change links). ${PEERS}`,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await security.signOutEverywhere(currentUser(request), request.params.id, request.ip);
      return { success: true as const, message: USER_ADMIN_MESSAGES.signedOutEverywhere.text };
    },
  );

  r.post(
    "/admin/users/:id/two-factor/reset",
    {
      onRequest,
      schema: {
        ...schema,
        description: `Turns the user's two-factor sign-in off (409 when it is not on) and ends every session. ${PEERS}`,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await security.resetTwoFactor(currentUser(request), request.params.id, request.ip);
      return { success: true as const, message: TWO_FACTOR_MESSAGES.resetByAdmin.text };
    },
  );
}
