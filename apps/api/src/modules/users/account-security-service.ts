import { MESSAGES, TWO_FACTOR_MESSAGES, USER_ADMIN_MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import { nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { conflict, forbidden, notFound } from "../../http/errors.js";
import { type Actor, refuseAccountSecurityAction } from "../../policies/index.js";
import { logManagement, type ManagementEntry } from "../activities/management.js";
import { credentialsChanged, type SecurityEvent } from "../auth/credentials-changed.js";
import { isTwoFactorOn, removeTwoFactor } from "../two-factor/repo.js";
import { findUserById, type UserRow } from "./repo.js";

/** An admin's help with someone's account: end every session, or reset two-factor sign-in (which also ends them). */
export function createAccountSecurityService(db: Kysely<Database>) {
  async function loadTarget(actor: Actor, id: string): Promise<UserRow> {
    const target = await findUserById(db, id);
    if (!target) throw notFound(MESSAGES.userNotFound);
    const refusal = refuseAccountSecurityAction(actor, target);
    if (refusal) throw forbidden(USER_ADMIN_MESSAGES[refusal]);
    return target;
  }

  /**
   * Ends every session of the target in one transaction: the security event on their account, the
   * admin action on the actor's; `before` runs first in the same transaction.
   */
  function endSessions(
    actor: Actor,
    target: UserRow,
    ip: string,
    entries: { event: Pick<SecurityEvent, "type" | "title">; action: Omit<ManagementEntry, "targetId"> },
    before?: (trx: Kysely<Database>) => Promise<void>,
  ) {
    return db.transaction().execute(async (trx) => {
      await before?.(trx);
      await credentialsChanged(trx, target.id, nowIso(), { ...entries.event, metadata: { by: actor.id }, ip });
      await logManagement(trx, actor, { ...entries.action, targetId: target.id });
    });
  }

  return {
    async signOutEverywhere(actor: Actor, id: string, ip: string): Promise<void> {
      const target = await loadTarget(actor, id);
      await endSessions(actor, target, ip, {
        event: { type: "signed_out_everywhere", title: "Signed out everywhere by an administrator" },
        action: { action: "user_sign_out_everywhere", title: `Signed out ${target.name} everywhere` },
      });
    },

    async resetTwoFactor(actor: Actor, id: string, ip: string): Promise<void> {
      const target = await loadTarget(actor, id);
      if (!(await isTwoFactorOn(db, target.id))) throw conflict(TWO_FACTOR_MESSAGES.notOn);
      await endSessions(
        actor,
        target,
        ip,
        {
          event: { type: "two_factor_disabled", title: "Two-factor sign-in reset by an administrator" },
          action: { action: "user_two_factor_reset", title: `Reset two-factor sign-in of ${target.name}` },
        },
        (trx) => removeTwoFactor(trx, target.id),
      );
    },
  };
}
