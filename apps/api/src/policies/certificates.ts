import { type Actor, isAdmin } from "./actors.js";

/**
 * Certificates (issue 23): anyone may verify one by its id (the public page shows only whether it
 * holds, for whom, for which course); the files (PDF, credential) go to its learner and to admins;
 * admins list a user's certificates and revoke them.
 */
export const canDownloadCertificate = (actor: Actor, certificate: { user_id: string }): boolean =>
  actor.id === certificate.user_id || isAdmin(actor);

export const canManageCertificates = (actor: Actor): boolean => isAdmin(actor);
