import { randomBytes, randomUUID } from "node:crypto";
import { type LtiService, type ltiToolInputSchema, LTI_MESSAGES as M } from "@lms/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, conflict, fieldError, notFound } from "../../http/errors.js";
import type { Actor } from "../../policies/index.js";
import { logManagement } from "../activities/management.js";
import { LTI_FILE_KIND } from "./lesson-file.js";
import type { PlatformKeys } from "./platform-keys.js";
import * as repo from "./repo.js";
import { importToolPublicKey } from "./tool-keys.js";
import type { ToolOrigins } from "./tool-origins.js";

type ToolInput = z.output<typeof ltiToolInputSchema>;

/** The tool's columns from a checked input: the public key must import; one deployment id by default. */
async function toolColumns(input: ToolInput, deploymentIdsBefore: string[] | null) {
  const publicKey = input.publicKey?.trim() || null;
  if (publicKey && !(await importToolPublicKey(publicKey))) {
    throw badRequest(M.invalidPublicKey, [fieldError("publicKey", M.invalidPublicKey)]);
  }
  const given = [...new Set(input.deploymentIds ?? [])];
  const deploymentIds = given.length > 0 ? given : (deploymentIdsBefore ?? [randomUUID()]);
  const services: LtiService[] = [...new Set(input.services)];
  return {
    name: input.name,
    login_url: input.loginUrl,
    launch_url: input.launchUrl,
    deep_linking_url: input.deepLinkingUrl || null,
    jwks_url: input.jwksUrl || null,
    public_key: publicKey,
    deployment_ids: JSON.stringify(deploymentIds),
    services: JSON.stringify(services),
    custom_parameters: JSON.stringify(input.customParameters ?? {}),
  };
}

/** Tool registration and the platform keys: admins (the routes admit them). */
export function createLtiAdminService(deps: { db: Kysely<Database>; keys: PlatformKeys; toolOrigins: ToolOrigins }) {
  const { db, keys, toolOrigins } = deps;

  return {
    list: () => repo.listTools(db),

    async create(actor: Actor, input: ToolInput) {
      const now = nowIso();
      const row: repo.ToolRow = {
        id: newId(),
        client_id: randomBytes(16).toString("hex"),
        ...(await toolColumns(input, null)),
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("lti_tools").values(row).execute();
        await logManagement(trx, actor, {
          action: "lti_tool_create",
          title: `Registered LTI tool ${row.name}`,
          targetId: row.id,
        });
      });
      await toolOrigins.refresh();
      return row;
    },

    async update(actor: Actor, toolId: string, input: ToolInput) {
      const before = await repo.findTool(db, toolId);
      if (!before) throw notFound(M.toolNotFound);
      const changes = { ...(await toolColumns(input, JSON.parse(before.deployment_ids))), updated_at: nowIso() };
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("lti_tools").set(changes).where("id", "=", toolId).execute();
        // A link's lesson file carries its tool's name (the lesson viewer shows it).
        await trx
          .updateTable("lesson_files")
          .set({ name: changes.name })
          .where("kind", "=", LTI_FILE_KIND)
          .where("id", "in", trx.selectFrom("lti_links").select("file_id").where("tool_id", "=", toolId))
          .execute();
        await logManagement(trx, actor, {
          action: "lti_tool_update",
          title: `Changed LTI tool ${changes.name}`,
          targetId: toolId,
        });
      });
      await toolOrigins.refresh();
      return { ...before, ...changes };
    },

    /** Refused (409) while links or line items use the tool: removing them is the course's business. */
    async remove(actor: Actor, toolId: string) {
      const tool = await repo.findTool(db, toolId);
      if (!tool) throw notFound(M.toolNotFound);
      if (await repo.toolInUse(db, toolId)) throw conflict(M.toolInUse);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("lti_tools").where("id", "=", toolId).execute();
        await logManagement(trx, actor, {
          action: "lti_tool_delete",
          title: `Deleted LTI tool ${tool.name}`,
          targetId: toolId,
        });
      });
      await toolOrigins.refresh();
    },

    rotateKey: () => keys.rotate(),
  };
}
export type LtiAdminService = ReturnType<typeof createLtiAdminService>;
