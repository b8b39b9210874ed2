import { errorResponseSchema, loginRequestSchema, loginResponseSchema, MESSAGES } from '@cobranzas/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { companies, users, userTypes } from '../db/schema';
import { HttpError } from '../errors';
import type { TokenClaims } from './jwt';
import { verifyPassword } from './passwords';
import { LoginThrottle } from './throttle';
import { mayAct } from './userState';

const tokenUser = {
  id: users.id,
  name: users.name,
  alias: users.alias,
  passwordHash: users.passwordHash,
  active: users.active,
  companyId: users.companyId,
  role: userTypes.role,
  companyActive: companies.active,
};

const errors = { 401: errorResponseSchema, 429: errorResponseSchema };

export function authRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const throttle = new LoginThrottle();
  const expiresIn = config.tokenTtlMinutes * 60;

  const findUser = async (where: ReturnType<typeof eq>) => {
    const [row] = await db
      .select(tokenUser)
      .from(users)
      .innerJoin(userTypes, eq(users.userTypeId, userTypes.id))
      .leftJoin(companies, eq(users.companyId, companies.id))
      .where(where);
    return row;
  };

  const issue = (user: NonNullable<Awaited<ReturnType<typeof findUser>>>) => {
    const claims: TokenClaims = {
      sub: user.id,
      name: user.name,
      alias: user.alias,
      type: user.role,
      companyId: user.companyId,
    };
    return { access_token: app.jwt.sign(claims), token_type: 'bearer' as const, expires_in: expiresIn };
  };

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/login',
    {
      config: {
        access: 'public',
        rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sesión',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { alias, password } = request.body;
      const key = `${request.ip}|${alias.toLowerCase()}`;
      const wait = throttle.retryAfterSeconds(key);
      if (wait > 0)
        throw new HttpError(429, MESSAGES.tooManyAttempts, undefined, { 'retry-after': String(wait) });

      const user =
        alias && password ? await findUser(sql`lower(${users.alias}) = lower(${alias})`) : undefined;
      // Always run argon2 (against a dummy hash when there is no user) so timing reveals nothing.
      const matches = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !matches || !mayAct(user)) {
        throttle.recordFailure(key);
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      throttle.reset(key);
      return issue(user);
    },
  );

  api.post(
    '/api/refresh',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'Renovar el token',
        security: [{ bearerAuth: [] }],
        response: { 200: loginResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      // Re-read the user: the new token carries the current name, type and company.
      const user = await findUser(eq(users.id, request.user.sub));
      if (!mayAct(user)) throw new HttpError(401, MESSAGES.unauthorized);
      return issue(user);
    },
  );
}
