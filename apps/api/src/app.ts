import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { MESSAGES } from "@lms/contract";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createAccessTokens } from "./auth/access-tokens.js";
import { createGuard } from "./auth/guard.js";
import { setHashQueueLimit } from "./auth/passwords.js";
import { createSecretBox } from "./auth/secret-box.js";
import { connectCacheBus } from "./cache/cache-bus.js";
import { createReadCaches } from "./cache/read-caches.js";
import { registerCacheStatsHeader } from "./cache/stats-header.js";
import { writeScope } from "./cache/write-scopes.js";
import type { Config } from "./config.js";
import type { Db } from "./db/connection.js";
import { failureBody, registerErrorHandler } from "./http/error-handler.js";
import { registerFairTurns } from "./http/fair-turns.js";
import { withMultipartBodies } from "./http/multipart-docs.js";
import { createPublicCache } from "./http/public-cache.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { fastifyTrustProxy } from "./http/trust-proxy.js";
import { createMailer, type Mailer } from "./mail/mailer.js";
import { ACTIVITY_RETENTION_JOB, createActivityRetention, RETENTION_EVERY_MS } from "./modules/activities/retention.js";
import { activityRoutes } from "./modules/activities/routes.js";
import { createActivityService } from "./modules/activities/service.js";
import { createViewLog, type ViewLog } from "./modules/activities/view-log.js";
import { createViewWriter } from "./modules/activities/view-writer.js";
import { adminRoutes } from "./modules/admin/routes.js";
import { analyticsRoutes } from "./modules/analytics/plugin.js";
import { assessmentRoutes } from "./modules/assessments/plugin.js";
import { createCredentialService } from "./modules/auth/credentials.js";
import { demoAccountsRoutes } from "./modules/auth/demo-accounts-routes.js";
import { authRoutes } from "./modules/auth/routes.js";
import { createAuthService } from "./modules/auth/service.js";
import { createSignInLock } from "./modules/auth/sign-in-lock.js";
import { backupRoutes } from "./modules/backups/routes.js";
import { certificateRoutes } from "./modules/certificates/routes.js";
import { createCertificateService } from "./modules/certificates/service.js";
import { createSigningKeys } from "./modules/certificates/signing-key.js";
import { courseLearningRoutes } from "./modules/courses/plugin.js";
import { creditRoutes } from "./modules/credits/routes.js";
import { createCreditService } from "./modules/credits/service.js";
import { discussionRoutes } from "./modules/discussions/routes.js";
import { createDiscussionService } from "./modules/discussions/service.js";
import { gradebookRoutes } from "./modules/gradebook/routes.js";
import { healthRoutes } from "./modules/health/routes.js";
import { jobAdminRoutes } from "./modules/jobs/routes.js";
import { liveRoutes } from "./modules/live/routes.js";
import { createLiveService } from "./modules/live/service.js";
import { wireLiveSources } from "./modules/live/sources.js";
import { ltiRoutes } from "./modules/lti/plugin.js";
import { createToolOrigins } from "./modules/lti/tool-origins.js";
import { messageRoutes } from "./modules/messages/routes.js";
import { createMessageService } from "./modules/messages/service.js";
import { createNotificationEmailJob, NOTIFICATION_EMAIL_JOB } from "./modules/notifications/email.js";
import { notificationRoutes } from "./modules/notifications/routes.js";
import { createNotificationService } from "./modules/notifications/service.js";
import { createStaffNotifier } from "./modules/notifications/staff-events.js";
import { createHealthMonitor } from "./modules/platform/health.js";
import { registerRequestMetrics } from "./modules/platform/metrics-hook.js";
import { platformRoutes } from "./modules/platform/routes.js";
import { preferencesRoutes } from "./modules/preferences/routes.js";
import { profileRoutes } from "./modules/profile/routes.js";
import { createProfileService } from "./modules/profile/service.js";
import { reportRoutes } from "./modules/reports/routes.js";
import { liveSessionRoutes } from "./modules/sessions/plugin.js";
import { createMailJob, createMailQueue, MAIL_JOB } from "./modules/settings/mail-queue.js";
import { registerMaintenanceGate } from "./modules/settings/maintenance.js";
import { createSettingsReader } from "./modules/settings/reader.js";
import { settingsRoutes } from "./modules/settings/routes.js";
import { createSiteMail } from "./modules/settings/site-mail.js";
import { statsRoutes } from "./modules/stats/routes.js";
import { registerStorageSweepJob, storageSweepRecurring } from "./modules/storage-sweep/job.js";
import { storageSweepRoutes } from "./modules/storage-sweep/routes.js";
import { createStorageSweep } from "./modules/storage-sweep/service.js";
import { registerAdminTwoFactorGate } from "./modules/two-factor/admin-requirement.js";
import { twoFactorRoutes } from "./modules/two-factor/routes.js";
import { createTwoFactorService } from "./modules/two-factor/service.js";
import { accountSecurityRoutes } from "./modules/users/account-security-routes.js";
import { userAdminRoutes } from "./modules/users/admin-routes.js";
import { userImportRoutes } from "./modules/users/import-routes.js";
import { createUserImportService } from "./modules/users/import-service.js";
import { userManageRoutes } from "./modules/users/manage-routes.js";
import { createXapiDeliveryJob, XAPI_DELIVER_JOB, xapiDeliveryRecurring } from "./modules/xapi/delivery.js";
import { xapiRoutes } from "./modules/xapi/routes.js";
import { createXapiService } from "./modules/xapi/service.js";
import { createOutbox, type Outbox } from "./outbox/outbox.js";
import { createPruneJobsJob, JOBS_PRUNE_JOB, pruneJobsRecurring } from "./outbox/prune.js";
import { type RecurringJob, scheduleRecurring } from "./outbox/recurring.js";
import { openRedis } from "./redis/connection.js";
import { createDiscardFiles } from "./storage/discard.js";
import { archiveStorageFromConfig, storageFromConfig } from "./storage/from-config.js";
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
    /** The job queue of after-request work; tests run its due jobs with `app.outbox.runDue()`. */
    outbox: Outbox;
    /** View entries waiting for their once-a-second insert; tests write them with `app.viewLog.flush()`. */
    viewLog: ViewLog;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, logger, loggerInstance } = deps;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? { level: config.logLevel } }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Socket idle timeout: restarts with every byte, so it closes a connection that went quiet
    // (headers and then no body) but not a slow upload that keeps sending.
    connectionTimeout: config.timeouts.idleMs,
    requestTimeout: config.timeouts.requestMs,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("currentUser", null);
  app.decorateRequest("accessToken", null);
  setHashQueueLimit(config.passwordHashQueue);
  registerErrorHandler(app);
  const metrics = registerRequestMetrics(app, deps.now ?? (() => new Date()));
  registerFairTurns(app);

  const ltiToolOrigins = createToolOrigins(database.db, deps.now ?? (() => new Date()));
  registerSecurityHeaders(app, { frameOrigins: ltiToolOrigins.current });
  // With Redis every process counts against the same limits; while Redis is away limits are not
  // applied rather than refusing every sign-in (docs/production.md: what degrades).
  const rateLimitStore = config.redisUrl ? openRedis(config.redisUrl, app.log, "lms-rate-limit") : undefined;
  if (rateLimitStore) app.addHook("onClose", async () => void rateLimitStore.disconnect());
  await app.register(rateLimit, {
    global: false,
    hook: "preHandler",
    ...(rateLimitStore && { redis: rateLimitStore, nameSpace: "lms:rate-limit:", skipOnError: true }),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      message: MESSAGES.tooManyRequests.text,
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
    transform: withMultipartBodies(jsonSchemaTransform),
  });
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: "/api/docs" });

  const { db } = database;
  const caches = createReadCaches(config.readCacheMs);
  if (config.redisUrl) {
    const bus = await connectCacheBus(caches, config.redisUrl, app.log);
    app.addHook("onClose", async () => bus.close());
  }
  if (config.readCacheStatsHeader) registerCacheStatsHeader(app, caches);
  const publicCache = createPublicCache(caches);
  const tokens = createAccessTokens(config.jwtSecret, config.accessTokenMinutes);
  const guard = createGuard(db, tokens, caches);
  const now = deps.now ?? (() => new Date());
  const outbox = createOutbox({
    db,
    dialect: database.dialect,
    now,
    log: app.log,
    options: {
      pollMs: config.outboxPollMs,
      maxAttempts: config.outboxMaxAttempts,
      baseDelayMs: config.outboxRetryMs,
      leaseMs: config.outboxLeaseMs,
    },
  });
  app.decorate("outbox", outbox);
  const mailer = deps.mailer ?? createMailer(config, app.log);
  const mailBox = createSecretBox(config.jwtSecret, "mail-queue");
  // Requests queue their e-mails; jobs send them (the notification job composes per recipient).
  const mail = createMailQueue({ db, outbox, box: mailBox });
  outbox.register(MAIL_JOB, createMailJob({ mailer, box: mailBox }));
  outbox.register(
    NOTIFICATION_EMAIL_JOB,
    createNotificationEmailJob({ db, mail: createSiteMail(db, mailer), publicUrl: config.publicUrl }),
  );
  outbox.register(JOBS_PRUNE_JOB, createPruneJobsJob({ db, now }));
  const storage = deps.storage ?? storageFromConfig(config);
  const discard = createDiscardFiles({ db, storage, log: app.log });
  const storageSweep = createStorageSweep({ db, storage, now, log: app.log });
  registerStorageSweepJob(outbox, storageSweep);
  const retention = createActivityRetention({ db, days: config.activityRetentionDays, now, log: app.log });
  outbox.register(ACTIVITY_RETENTION_JOB, { run: async () => void (await retention.runOnce()) });
  const recurringJobs: RecurringJob[] = [pruneJobsRecurring, storageSweepRecurring];
  if (config.xapi.lrs) {
    const { lrs, batchSize, everyMs } = config.xapi;
    outbox.register(XAPI_DELIVER_JOB, createXapiDeliveryJob({ db, lrs, batchSize, publicUrl: config.publicUrl, now }));
    recurringJobs.push(xapiDeliveryRecurring(db, everyMs));
  }
  if (config.activityRetentionDays > 0)
    recurringJobs.push({ type: ACTIVITY_RETENTION_JOB, everyMs: RETENTION_EVERY_MS });
  const recurring = scheduleRecurring({ db, outbox, now, log: app.log, jobs: recurringJobs });
  app.addHook("onReady", async () => {
    outbox.start();
    // A process that does not poll (OUTBOX_POLL_MS=0: tests, a web-only process) proposes nothing either.
    if (config.outboxPollMs > 0) recurring.start();
  });
  app.addHook("onClose", async () => {
    recurring.stop();
    await retention.stop();
    await outbox.stop();
  });
  const settings = createSettingsReader(db, caches);
  const signer = createUrlSigner(config.jwtSecret);
  // What a successful write changed is cleared before its answer leaves, so its writer never reads
  // stale data; the rest stays cached (write-scopes.ts says which write clears what).
  app.addHook("onSend", (request, reply, payload, done) => {
    const write = request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400;
    if (!write) return done(null, payload);
    caches.invalidate(writeScope(request)).then(() => done(null, payload));
  });
  const twoFactor = createTwoFactorService({
    db,
    box: createSecretBox(config.jwtSecret, "two-factor"),
    now: deps.now ?? (() => new Date()),
  });
  const lock = createSignInLock({ db, mail, publicUrl: config.publicUrl, limits: config.signInLock, now });
  const auth = createAuthService({
    db,
    tokens,
    mail,
    publicUrl: config.publicUrl,
    log: app.log,
    twoFactor,
    signer,
    lock,
  });
  const credentials = createCredentialService({ db, auth, mail, publicUrl: config.publicUrl });
  const profile = createProfileService({ db, storage, discard });
  const viewLog = createViewLog({
    writer: createViewWriter(database, app.log),
    now: deps.now ?? (() => new Date()),
    log: app.log,
  });
  app.decorate("viewLog", viewLog);
  app.addHook("onClose", () => viewLog.close());
  const notifications = createNotificationService({ db, outbox, now: deps.now ?? (() => new Date()) });
  const live = await createLiveService({ config: config.live, redisUrl: config.redisUrl, log: app.log });
  const unwireLive = wireLiveSources({ db, publish: live.publish, log: app.log });
  // Open streams would keep the server from closing: they end first, and their clients reconnect.
  app.addHook("preClose", async () => {
    unwireLive();
    await live.close();
  });

  await app.register(
    async (api) => {
      registerMaintenanceGate(api, { guard, settings });
      registerAdminTwoFactorGate(api, { settings, twoFactor });
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { auth, guard, rateLimit: config.authRateLimit });
      await api.register(demoAccountsRoutes, { db });
      await api.register(preferencesRoutes, { db, guard });
      await api.register(twoFactorRoutes, { guard, twoFactor, auth, rateLimit: config.authRateLimit });
      await api.register(profileRoutes, {
        guard,
        profile,
        credentials,
        storage,
        signer,
        rateLimit: config.authRateLimit,
      });
      const staff = createStaffNotifier({ mail, publicUrl: config.publicUrl });
      await api.register(courseLearningRoutes, {
        db,
        guard,
        storage,
        discard,
        signer,
        publicCache,
        caches,
        viewLog,
        staff,
      });
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
      await api.register(userAdminRoutes, { db, guard, signer });
      await api.register(reportRoutes, { db, guard, now: deps.now ?? (() => new Date()) });
      await api.register(assessmentRoutes, {
        db,
        guard,
        mail,
        storage,
        discard,
        signer,
        publicUrl: config.publicUrl,
        now: deps.now ?? (() => new Date()),
      });
      await api.register(gradebookRoutes, { db, guard, now: deps.now ?? (() => new Date()) });
      await api.register(userManageRoutes, { db, guard, signer, discard, mail, publicUrl: config.publicUrl });
      await api.register(accountSecurityRoutes, { db, guard });
      const imports = createUserImportService({ db, mail, publicUrl: config.publicUrl, log: app.log });
      await api.register(userImportRoutes, { db, guard, imports });
      await api.register(backupRoutes, {
        database,
        outbox,
        guard,
        uploads: storage,
        archives: archiveStorageFromConfig(config),
        retention: config.backupRetention,
        backupKey: config.backupKey,
        schedule: config.backupSchedule,
        now: deps.now ?? (() => new Date()),
      });
      await api.register(notificationRoutes, { guard, notifications });
      await api.register(liveRoutes, { db, guard, live });
      await api.register(jobAdminRoutes, { db, guard, outbox, now });
      await api.register(storageSweepRoutes, { guard, sweep: storageSweep });
      await api.register(analyticsRoutes, { db, guard, now: deps.now ?? (() => new Date()) });
      const activities = createActivityService({ db, now: deps.now ?? (() => new Date()) });
      await api.register(activityRoutes, { guard, activities });
      await api.register(creditRoutes, { guard, credits: createCreditService({ db, outbox, now }) });
      await api.register(discussionRoutes, { guard, discussions: createDiscussionService({ db, outbox, now }) });
      await api.register(messageRoutes, { guard, messages: createMessageService({ db, outbox, now }) });
      const keys = createSigningKeys({ db, box: createSecretBox(config.jwtSecret, "credential-signing-key") });
      const certificates = createCertificateService({ db, keys, publicUrl: config.publicUrl, now });
      await api.register(certificateRoutes, { guard, certificates });
      await api.register(xapiRoutes, { guard, xapi: createXapiService({ db, publicUrl: config.publicUrl }) });
      await api.register(ltiRoutes, {
        db,
        guard,
        publicUrl: config.publicUrl,
        appSecret: config.jwtSecret,
        toolOrigins: ltiToolOrigins,
        limits: { max: config.authRateLimit.addressMax, windowMs: config.authRateLimit.windowMs },
        now,
      });
      await api.register(liveSessionRoutes, {
        db,
        guard,
        mail,
        outbox,
        storage,
        discard,
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
    return reply.status(404).send(failureBody(MESSAGES.routeNotFound));
  });

  return app;
}
