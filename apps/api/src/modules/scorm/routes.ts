import {
  courseLessonParamsSchema,
  lessonParamsSchema,
  SCORM_MESSAGES,
  scormCmiResponseSchema,
  scormCmiSaveSchema,
  scormFileParamsSchema,
  scormLaunchResponseSchema,
  scormPackageResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly, signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { forbidden } from "../../http/errors.js";
import { failures, mediaFailures, uploadFailures } from "../../http/failures.js";
import { sendStoredFile } from "../../storage/send-file.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import type { AreaRouteDeps } from "../courses/area-routes.js";
import { isHtml } from "./content-types.js";
import { launchUrl, packageScope, presentPackage } from "./present.js";
import type { ScormService } from "./service.js";
import { runtimeScript, withRuntime } from "./shim.js";

const secured = { security: [{ bearerAuth: [] }] };

/**
 * Package pages run their own scripts: the sandbox (no allow-same-origin) gives them an opaque origin,
 * so they can read neither the product's storage (where access tokens live) nor its cookies, and call
 * no api with the learner's rights, even when the link is opened outside the lesson viewer. They may
 * be framed only by the product's own pages. Their scripts, styles and media are loaded from that
 * opaque origin, so the files are open to cross-origin loads.
 */
const SANDBOX_HEADERS = {
  "content-security-policy": "sandbox allow-scripts allow-forms allow-popups; frame-ancestors 'self'",
  "cross-origin-resource-policy": "cross-origin",
  "x-content-type-options": "nosniff",
};

/** Uploading a package, under the instructor and admin areas. */
export async function scormAreaRoutes(app: FastifyInstance, deps: AreaRouteDeps & { scorm: ScormService }) {
  const { guard, allowed, tag, scorm } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    "/courses/:id/modules/:moduleId/lessons/:lessonId/scorm",
    {
      onRequest: allowOnly(guard, allowed),
      config: { multipartBody: { file: { name: "package", required: true } } },
      schema: {
        tags: [tag],
        ...secured,
        description:
          "multipart/form-data with a SCORM 1.2 or 2004 zip in the field `package` (imsmanifest.xml at its top). " +
          "Checked whole before anything is stored: paths stay inside the package, no links, limits on files, " +
          "unpacked size and compression ratio. Replaces the lesson's previous package and its learners' data.",
        consumes: ["multipart/form-data"],
        params: lessonParamsSchema,
        response: { 201: scormPackageResponseSchema, ...uploadFailures },
      },
    },
    async (request, reply) => {
      const { id, moduleId, lessonId } = request.params;
      const { row } = await scorm.upload(currentUser(request), id, moduleId, lessonId, request);
      return reply.status(201).send({
        success: true as const,
        data: { package: presentPackage(row) },
        message: SCORM_MESSAGES.uploaded.text,
      });
    },
  );
}

/** Launching and saving (signed-in readers of the course), and the package's files (signed links). */
export async function scormRoutes(
  app: FastifyInstance,
  deps: { guard: Guard; scorm: ScormService; storage: Storage; signer: UrlSigner },
) {
  const { guard, scorm, storage, signer } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);
  const tags = ["scorm"];

  r.get(
    "/courses/:id/lessons/:lessonId/scorm",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "The lesson's package, a signed launch URL scoped to it and the signed-in user (served sandboxed), " +
          "and the user's saved CMI data to resume from.",
        params: courseLessonParamsSchema,
        response: { 200: scormLaunchResponseSchema, ...failures },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { pkg, cmi } = await scorm.launch(actor, request.params.id, request.params.lessonId);
      return {
        success: true as const,
        data: { package: presentPackage(pkg), launchUrl: launchUrl(signer, pkg, actor.id), cmi },
      };
    },
  );

  r.put(
    "/courses/:id/lessons/:lessonId/scorm/cmi",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "Saves the enrolled learner's CMI data (on LMSCommit/Commit and LMSFinish/Terminate). Completed or " +
          "passed completes the lesson; the score is kept for the gradebook.",
        params: courseLessonParamsSchema,
        body: scormCmiSaveSchema,
        response: { 200: scormCmiResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, lessonId } = request.params;
      const saved = await scorm.save(currentUser(request), id, lessonId, request.body);
      return { success: true as const, data: saved, message: SCORM_MESSAGES.saved.text };
    },
  );

  r.get(
    "/scorm/:packageId/:userId/:expires/:sig/*",
    {
      schema: {
        tags,
        description:
          "A file of a package, for the signed launch URL: served with a Content-Security-Policy sandbox " +
          "(no allow-same-origin); HTML pages get the SCORM runtime API that talks to the lesson viewer by postMessage.",
        params: scormFileParamsSchema,
        response: mediaFailures,
      },
    },
    async (request, reply) => {
      const { packageId, userId, expires, sig } = request.params;
      if (!signer.verify(packageScope(packageId, userId), expires, sig)) {
        throw forbidden(SCORM_MESSAGES.invalidLink);
      }
      const { pkg, file } = await scorm.file(packageId, request.params["*"]);
      reply.headers(SANDBOX_HEADERS);
      if (!isHtml(file.mime)) {
        return sendStoredFile(request, reply, storage, {
          key: file.storage_key,
          mime: file.mime,
          name: file.path.split("/").pop() ?? "file",
          download: false,
          cacheControl: "private, max-age=3600",
        });
      }
      const page = await scorm.readText(file.storage_key);
      const script = runtimeScript(pkg.version, await scorm.cmiOf(pkg.id, userId));
      return reply
        .header("content-type", file.mime)
        .header("cache-control", "no-store")
        .send(withRuntime(page, script) as never);
    },
  );
}
