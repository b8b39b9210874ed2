import { MESSAGES, type TokenPayload, tokenPayloadSchema } from '@cobranzas/shared';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../errors';

/** What we sign; fast-jwt adds iat and exp (DESIGN.md §5). */
export type TokenClaims = Omit<TokenPayload, 'iat' | 'exp'>;

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenPayload;
  }
}

export function registerJwt(app: FastifyInstance, config: Config) {
  return app.register(fastifyJwt, {
    secret: config.jwtSecret,
    // @fastify/jwt reads a numeric expiresIn as seconds.
    sign: { algorithm: 'HS256', expiresIn: config.tokenTtlMinutes * 60 },
    verify: { algorithms: ['HS256'] },
  });
}

/** Verifies the Bearer token: expired → 401 'Token is Expired'; missing or bad → 401 'Unauthorized'. */
export async function authenticate(request: FastifyRequest): Promise<TokenPayload> {
  try {
    await request.jwtVerify();
  } catch (error) {
    const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
    throw new HttpError(401, expired ? MESSAGES.tokenExpired : MESSAGES.unauthorized);
  }
  // A token we signed in an older shape is as good as no token.
  const parsed = tokenPayloadSchema.safeParse(request.user);
  if (!parsed.success) throw new HttpError(401, MESSAGES.unauthorized);
  request.user = parsed.data;
  return parsed.data;
}
