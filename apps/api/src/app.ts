import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ApiResource, MESSAGES } from '@cobranzas/shared';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerGuard } from './auth/guard';
import { registerJwt } from './auth/jwt';
import { authRoutes } from './auth/routes';
import { AUTH_CHANNEL, USER_STATE_RESOURCES, UserStateCache } from './auth/userState';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerDocs } from './docs';
import { clientErrorHandler, frameworkErrors, registerErrorHandling, sendBare } from './errors';
import { type RunnerOptions, registerJobs } from './jobs';
import { agencyModule } from './modules/agency';
import { messagingRoutes } from './modules/agency/messaging';
import { auditModule } from './modules/audit';
import { casesModule } from './modules/cases';
import { catalogsModule } from './modules/catalogs';
import { collectorsModule } from './modules/collectors';
import { companiesModule } from './modules/companies';
import { contactsModule } from './modules/contacts';
import { debtorsModule } from './modules/debtors';
import { debtsModule } from './modules/debts';
import { depositsModule } from './modules/deposits';
import { documentsModule } from './modules/documents';
import { embargosModule } from './modules/embargos';
import { eventsModule } from './modules/events';
import { healthModule } from './modules/health';
import { type ImportsOptions, importsModule } from './modules/imports';
import { judicialDaysOffModule } from './modules/judicialDaysOff';
import { jurisdictionsModule } from './modules/jurisdictions';
import { ledgerModule } from './modules/ledger';
import { scheduleDueMoney } from './modules/ledger/upgrade';
import { lettersModule } from './modules/letters';
import { letterTemplatesModule } from './modules/letterTemplates';
import { observationsModule } from './modules/observations';
import { offersModule } from './modules/offers';
import { paymentsModule } from './modules/payments';
import { portalModule } from './modules/portal';
import { portalKeys } from './modules/portal/codes';
import { portalLinkMaker } from './modules/portal/links';
import { promisesModule } from './modules/promises';
import { queueModule } from './modules/queue';
import { quotasModule } from './modules/quotas';
import { rateTablesModule } from './modules/rateTables';
import { receiptsModule } from './modules/receipts';
import { reconciliationsModule } from './modules/reconciliations';
import { servicesModule } from './modules/services';
import { settlementsModule } from './modules/settlements';
import { settlementFileRoutes } from './modules/settlements/files';
import { type StrategiesOptions, strategiesModule } from './modules/strategies';
import { tasksModule } from './modules/tasks';
import { usersModule } from './modules/users';
import { usersTypesModule } from './modules/usersTypes';
import { schedulePendingVacuum } from './ops/pendingVacuum';
import { reportsModule } from './reports';
import { registerSecurity } from './security';
import { localDocumentStorage } from './storage';
import { registerWeb } from './web';

export const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

/** What an incoming X-Request-Id may look like to be kept (anything else could forge log lines). */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** Never in a log line: credentials, tokens, cookies. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.access_token',
];

/** Fastify's pino options for the server; tests reuse them to prove what never gets logged. */
export function loggerOptions(level = 'info') {
  return { level, redact: { paths: REDACT_PATHS, censor: '[oculto]' } };
}

/**
 * One info line per request, when it is answered: method, path, status and time. Fastify writes an
 * arrival line too, which moves to debug: writing both, with redaction, was ≈ 10 % of a cheap
 * request's CPU (docs/performance.md).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/**
 * The cache of who each token's user is now, emptied by every committed write to users, companies
 * or user types: this process's at once (app.writes), other processes' by NOTIFY (migration 0006).
 */
function userStatesOf(app: FastifyInstance, database: Database) {
  const states = new UserStateCache(database.db);
  app.decorate('writes', new EventEmitter<{ committed: [ApiResource] }>());
  app.writes.on('committed', (resource) => {
    if ((USER_STATE_RESOURCES as readonly string[]).includes(resource)) states.invalidate();
  });
  database.listen(AUTH_CHANNEL, {
    message: () => states.invalidate(),
    listening: (on) => states.setListening(on),
  });
  app.decorate('userStates', states);
  return states;
}

declare module 'fastify' {
  interface FastifyInstance {
    userStates: UserStateCache;
  }
}

/**
 * While the server shuts down, a request that still arrives on an open connection is answered 503
 * in Spanish and the connection is closed; the requests already in flight finish (docs/deploy.md).
 */
function registerClosingAnswer(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    void sendBare(request, reply, 503, MESSAGES.shuttingDown);
  });
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Fastify's logger option; defaults to pino at info level with the redactions above. */
  logger?: FastifyServerOptions['logger'];
  /** The job runner's pace and concurrency (tests shorten its timings); defaults: jobs/runner.ts. */
  jobs?: RunnerOptions;
  /** The portfolio import's batch size (tests shrink it); default: modules/imports/job.ts. */
  imports?: ImportsOptions;
  /** Strategies' batch size and trigger tick (tests shrink and stop them); default: modules/strategies. */
  strategies?: StrategiesOptions;
}

/** The whole product as a Fastify instance, without listening: tests drive it with `app.inject`. */
export async function buildApp({ config, database, logger, jobs, imports, strategies }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(),
    bodyLimit: 1024 * 1024,
    // Ids and query strings are small; a huge URL is an attack, not a request.
    routerOptions: { maxParamLength: 200 },
    // Every log line of a request carries its id (reqId): the proxy's X-Request-Id when it is a
    // plain token, a new UUID otherwise. The answer says which, so a user's report finds the lines.
    requestIdHeader: false,
    // Behind a reverse proxy, the client's address (login rate limit, logs) comes from
    // X-Forwarded-For, but only when the proxy is trusted (TRUST_PROXY).
    trustProxy: config.trustProxy,
    logController: new OneLinePerRequest(),
    clientErrorHandler,
    frameworkErrors,
    // Ours instead (registerClosingAnswer): Fastify's own 503 is English and bare.
    return503OnClosing: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerClosingAnswer(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // An empty body with Content-Type: application/json (POST /refresh from some clients) is no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });

  registerSecurity(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: MESSAGES.tooManyRequests,
    }),
  });
  await registerJwt(app, config);
  await registerDocs(app, VERSION);
  const { db } = database;
  registerGuard(app, userStatesOf(app, database));
  schedulePendingVacuum(app, database);
  scheduleDueMoney(app, db);
  registerJobs(app, database, jobs);

  healthModule(app, db, VERSION);
  authRoutes(app, { db, config });
  usersModule(app, db);
  usersTypesModule(app, db);
  companiesModule(app, db);
  catalogsModule(app, db);
  debtorsModule(app, db);
  const debtsService = debtsModule(app, db);
  quotasModule(app, db);
  paymentsModule(app, db);
  ledgerModule(app, db);
  depositsModule(app, db);
  servicesModule(app, db);
  const eventsService = eventsModule(app, db);
  observationsModule(app, db);
  const promisesService = promisesModule(app, db);
  offersModule(app, db);
  queueModule(app, db, debtsService);
  collectorsModule(app, db);
  embargosModule(app, db);
  // Uploads stream through the parser (limits set per route); it never buffers a file.
  await app.register(multipart);
  const storage = localDocumentStorage(path.join(config.dataDir, 'documents'));
  documentsModule(app, db, storage);
  importsModule(app, database, storage, imports);
  rateTablesModule(app, db, storage);
  const portalLink = portalLinkMaker(db, portalKeys(config.jwtSecret), config.publicUrl);
  letterTemplatesModule(app, db, portalLink);
  lettersModule(app, db, storage, portalLink);
  agencyModule(app, db, storage);
  messagingRoutes(app, db, config);
  receiptsModule(app, db);
  settlementsModule(app, db);
  settlementFileRoutes(app, db);
  const tasksService = tasksModule(app, db);
  contactsModule(app, db, { events: eventsService, promises: promisesService, tasks: tasksService });
  reportsModule(app, db);
  auditModule(app, db);
  portalModule(app, db, config, storage);
  reconciliationsModule(app, db, storage);
  strategiesModule(app, db, { config, portalLink }, strategies);
  jurisdictionsModule(app, db);
  judicialDaysOffModule(app, db);
  casesModule(app, db);

  await registerWeb(app, config.webDist);
  return app;
}
