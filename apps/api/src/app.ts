import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { MESSAGES } from "@lms/contract";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createAccessTokens } from "./auth/access-tokens.js";
import { createGuard } from "./auth/guard.js";
import { createSecretBox } from "./auth/secret-box.js";
import { connectCacheBus } from "./cache/cache-bus.js";
import { createReadCaches } from "./cache/read-caches.js";
import type { Config } from "./config.js";
import type { Db } from "./db/connection.js";
import { registerErrorHandler } from "./http/error-handler.js";
import { createPublicCache } from "./http/public-cache.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { createMailer, type Mailer } from "./mail/mailer.js";
import { createActivityRetention } from "./modules/activities/retention.js";
import { activityRoutes } from "./modules/activities/routes.js";
import { createActivityService } from "./modules/activities/service.js";
import { adminRoutes } from "./modules/admin/routes.js";
import { analyticsRoutes } from "./modules/analytics/plugin.js";
import { assessmentRoutes } from "./modules/assessments/plugin.js";
import { createCredentialService } from "./modules/auth/credentials.js";
import { authRoutes } from "./modules/auth/routes.js";
import { createAuthService } from "./modules/auth/service.js";
import { backupRoutes } from "./modules/backups/routes.js";
import { courseLearningRoutes } from "./modules/courses/plugin.js";
import { gradebookRoutes } from "./modules/gradebook/routes.js";
import { healthRoutes } from "./modules/health/routes.js";
import { createNotificationEmailJob, NOTIFICATION_EMAIL_JOB } from "./modules/notifications/email.js";
import { notificationRoutes } from "./modules/notifications/routes.js";
import { createNotificationService } from "./modules/notifications/service.js";
import { createHealthMonitor } from "./modules/platform/health.js";
import { registerRequestMetrics } from "./modules/platform/metrics-hook.js";
import { platformRoutes } from "./modules/platform/routes.js";
import { preferencesRoutes } from "./modules/preferences/routes.js";
import { profileRoutes } from "./modules/profile/routes.js";
import { createProfileService } from "./modules/profile/service.js";
import { reportRoutes } from "./modules/reports/routes.js";
import { liveSessionRoutes } from "./modules/sessions/plugin.js";
import { registerMaintenanceGate } from "./modules/settings/maintenance.js";
import { createSettingsReader } from "./modules/settings/reader.js";
import { settingsRoutes } from "./modules/settings/routes.js";
import { createSiteMail } from "./modules/settings/site-mail.js";
import { statsRoutes } from "./modules/stats/routes.js";
import { registerAdminTwoFactorGate } from "./modules/two-factor/admin-requirement.js";
import { twoFactorRoutes } from "./modules/two-factor/routes.js";
import { createTwoFactorService } from "./modules/two-factor/service.js";
import { userAdminRoutes } from "./modules/users/admin-routes.js";
import { userImportRoutes } from "./modules/users/import-routes.js";
import { createUserImportService } from "./modules/users/import-service.js";
import { userManageRoutes } from "./modules/users/manage-routes.js";
import { createOutbox, type Outbox } from "./outbox/outbox.js";
import { openRedis } from "./redis/connection.js";
import { storageFromConfig } from "./storage/from-config.js";
import { createUrlSigner } from "./storage/signed-urls.js";
import type { Storage } from "./storage/storage.js";
import { registerWebApp, wantsPage } from "./web/static.js";

export interface AppDeps {
  config: Config;
  database: Db;
  /** Defaults to SMTP_URL, or the outbox folder without it. */
  mailer?: Mailer;
  logger?: FastifyServerOptions["logger"];
  /** A logger made before the app (the entry point logs while waiting for the database). */
  loggerInstance?: FastifyBaseLogger;
  /** Defaults to files under DATA_DIR/uploads. */
  storage?: Storage;
  /** The time rules with deadlines are judged by (assessments); tests pass a clock they move. */
  now?: () => Date;
}

const JSON_BODY_LIMIT = 1024 * 1024;

declare module "fastify" {
  interface FastifyInstance {
    /** The background-job outbox; tests run its due jobs with `app.outbox.runDue()`. */
    outbox: Outbox;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, logger, loggerInstance } = deps;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? { level: config.logLevel } }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("currentUser", null);
  registerErrorHandler(app);
  const metrics = registerRequestMetrics(app, deps.now ?? (() => new Date()));

  registerSecurityHeaders(app);
  // With Redis every process counts against the same limits; while Redis is away limits are not
  // applied rather than refusing every sign-in (README: what degrades).
  const rateLimitStore = config.redisUrl ? openRedis(config.redisUrl, app.log, "lms-rate-limit") : undefined;
  if (rateLimitStore) app.addHook("onClose", async () => void rateLimitStore.disconnect());
  await app.register(rateLimit, {
    global: false,
    hook: "preHandler",
    ...(rateLimitStore && { redis: rateLimitStore, nameSpace: "lms:rate-limit:", skipOnError: true }),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      message: MESSAGES.tooManyRequests,
      retryAfter: context.after,
    }),
  });
  // One file per request; each route streams it to storage with its own size limit.
  await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 } });
  await app.register(swagger, {
    openapi: {
      info: { title: "LMS API", version: "1.0.0", description: "Courses, live sessions and learners." },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  const { db } = database;
  const caches = createReadCaches(config.readCacheMs);
  if (config.redisUrl) {
    const bus = await connectCacheBus(caches, config.redisUrl, app.log);
    app.addHook("onClose", async () => bus.close());
  }
  const publicCache = createPublicCache(caches);
  const tokens = createAccessTokens(config.jwtSecret, config.accessTokenMinutes);
  const guard = createGuard(db, tokens, caches);
  const mail = createSiteMail(db, deps.mailer ?? createMailer(config, app.log));
  const settings = createSettingsReader(db, caches);
  const storage = deps.storage ?? storageFromConfig(config);
  const signer = createUrlSigner(config.jwtSecret);
  // Cleared before a successful write's answer leaves, so its writer never reads stale data. A route
  // whose writes touch nothing any cache holds (a user's private note) says so in its config.
  app.addHook("onSend", (request, reply, payload, done) => {
    const write = request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400;
    if (!write || request.routeOptions.config.touchesNoCachedData) return done(null, payload);
    caches.clear().then(() => done(null, payload));
  });
  const twoFactor = createTwoFactorService({
    db,
    box: createSecretBox(config.jwtSecret, "two-factor"),
    now: deps.now ?? (() => new Date()),
  });
  const auth = createAuthService({ db, tokens, mail, publicUrl: config.publicUrl, log: app.log, twoFactor });
  const credentials = createCredentialService({ db, auth, mail, publicUrl: config.publicUrl, log: app.log });
  const profile = createProfileService({ db, storage });
  const outbox = createOutbox({
    db,
    now: deps.now ?? (() => new Date()),
    log: app.log,
    options: { pollMs: config.outboxPollMs },
  });
  outbox.register(NOTIFICATION_EMAIL_JOB, createNotificationEmailJob({ db, mail, publicUrl: config.publicUrl }));
  app.decorate("outbox", outbox);
  app.addHook("onReady", async () => outbox.start());
  app.addHook("onClose", () => outbox.stop());
  const notifications = createNotificationService({ db, outbox, now: deps.now ?? (() => new Date()) });

  await app.register(
    async (api) => {
      registerMaintenanceGate(api, { guard, settings });
      registerAdminTwoFactorGate(api, { settings, twoFactor });
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { auth, guard, rateLimit: config.authRateLimit });
      await api.register(preferencesRoutes, { db, guard });
      await api.register(twoFactorRoutes, { guard, twoFactor, rateLimit: config.authRateLimit });
      await api.register(profileRoutes, { guard, profile, credentials, storage, rateLimit: config.authRateLimit });
      await api.register(courseLearningRoutes, { db, guard, storage, signer, publicCache, caches });
      await api.register(statsRoutes, { db, publicCache });
      await api.register(settingsRoutes, { db, guard, settings, publicCache });
      const health = createHealthMonitor(
        { db, dataDir: config.dataDir, smtpUrl: config.smtpUrl, meetings: config.meetings },
        deps.now ?? (() => new Date()),
      );
      await api.register(adminRoutes, { db, guard, health, now: deps.now ?? (() => new Date()) });
      await api.register(platformRoutes, {
        db,
        dialect: database.dialect,
        guard,
        metrics,
        health,
        now: deps.now ?? (() => new Date()),
      });
      await api.register(userAdminRoutes, { db, guard });
      await api.register(reportRoutes, { db, guard, now: deps.now ?? (() => new Date()) });
      await api.register(assessmentRoutes, {
        db,
        guard,
        mail,
        storage,
        signer,
        publicUrl: config.publicUrl,
        now: deps.now ?? (() => new Date()),
      });
      await api.register(gradebookRoutes, { db, guard, now: deps.now ?? (() => new Date()) });
      await api.register(userManageRoutes, { db, guard });
      const imports = createUserImportService({ db, mail, publicUrl: config.publicUrl, log: app.log });
      await api.register(userImportRoutes, { db, guard, imports });
      await api.register(backupRoutes, {
        database,
        guard,
        uploads: storage,
        dataDir: config.dataDir,
        retention: config.backupRetention,
        schedule: config.backupSchedule,
        now: deps.now ?? (() => new Date()),
      });
      await api.register(notificationRoutes, { guard, notifications });
      await api.register(analyticsRoutes, { db, guard, now: deps.now ?? (() => new Date()) });
      const activities = createActivityService({ db, now: deps.now ?? (() => new Date()) });
      const retention = createActivityRetention({
        db,
        days: config.activityRetentionDays,
        now: deps.now ?? (() => new Date()),
        log: app.log,
      });
      retention.start();
      api.addHook("onClose", () => retention.stop());
      await api.register(activityRoutes, { guard, activities });
      await api.register(liveSessionRoutes, {
        db,
        guard,
        mail,
        storage,
        signer,
        publicUrl: config.publicUrl,
        secret: config.jwtSecret,
        meetings: config.meetings,
      });
    },
    { prefix: "/api" },
  );

  const webApp = await registerWebApp(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    if (webApp && wantsPage(request))
      return reply.header("cache-control", "no-cache").sendFile(webApp.pageFor(request.url));
    return reply.status(404).send({ success: false, message: MESSAGES.routeNotFound });
  });

  return app;
}
