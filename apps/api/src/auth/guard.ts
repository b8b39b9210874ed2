import {
  type ApiResource,
  type AppAbility,
  actionFor,
  defineAbilityFor,
  type HttpMethod,
  isAdminOnly,
  isStaffOnly,
  MESSAGES,
  METHOD_ACTIONS,
  RESOURCE_SUBJECTS,
  type UserTypeName,
} from '@cobranzas/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { authenticate } from './jwt';
import { mayAct, type UserStateCache } from './userState';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call a route under /api. Default: a valid token whose role the rules of DESIGN.md §6
     * allow for the route's resource. 'authenticated': any valid token. 'public': anyone. 'portal':
     * the debtor portal's own session, which its routes check (modules/portal/session.ts), never a
     * staff token.
     */
    access?: 'public' | 'authenticated' | 'portal';
  }
}

export const DOCS_PREFIX = '/api/docs';

const isResource = (segment: string): segment is ApiResource => Object.hasOwn(RESOURCE_SUBJECTS, segment);
const isMethod = (method: string): method is HttpMethod => Object.hasOwn(METHOD_ACTIONS, method);

/** A role's rules never change while the server runs: built once per role, not per request. */
const abilities = new Map<UserTypeName, AppAbility>();
function abilityOf(type: UserTypeName): AppAbility {
  let ability = abilities.get(type);
  if (!ability) {
    ability = defineAbilityFor({ type });
    abilities.set(type, ability);
  }
  return ability;
}

/** 403 unless the shared CASL rules let this role do the method's action on the resource's subject. */
function authorize(request: FastifyRequest, routeUrl: string) {
  const resource = routeUrl.split('/')[2] ?? '';
  const { method } = request;
  // A protected route whose resource has no rule is refused: new resources must be mapped first.
  if (!isResource(resource) || !isMethod(method)) throw new HttpError(403, MESSAGES.forbidden);
  if (!abilityOf(request.user.type).can(actionFor(resource, method), RESOURCE_SUBJECTS[resource])) {
    throw new HttpError(403, MESSAGES.forbidden);
  }
  if (request.user.type === 'CLIENTE' && isStaffOnly(resource)) throw new HttpError(403, MESSAGES.forbidden);
  if (request.user.type !== 'ADMIN' && isAdminOnly(resource)) throw new HttpError(403, MESSAGES.forbidden);
}

/**
 * The token says who signed in; the user's current state says what they may do now. A user made
 * inactive or deleted (or a CLIENTE of an inactive company) is refused at once, and a new type or
 * company applies from the next request, not when the token expires (issue 14 §2).
 */
async function actAsCurrentUser(request: FastifyRequest, states: UserStateCache) {
  const token = await authenticate(request);
  const state = await states.get(token.sub);
  if (!mayAct(state)) throw new HttpError(401, MESSAGES.unauthorized);
  request.user = {
    ...token,
    name: state.name,
    alias: state.alias,
    type: state.role,
    companyId: state.companyId,
  };
}

/**
 * One hook guards every /api route. It runs at onRequest, before the body is read, so a refused
 * request costs nothing and answers 401/403 before any 400 about its content.
 */
export function registerGuard(app: FastifyInstance, states: UserStateCache) {
  app.addHook('onRequest', async (request) => {
    const routeUrl = request.routeOptions.url;
    // Unknown routes reach the 404 handler; the web app's files are public.
    if (!routeUrl?.startsWith('/api/')) return;
    const access = request.routeOptions.config.access;
    if (
      access === 'public' ||
      access === 'portal' ||
      routeUrl === DOCS_PREFIX ||
      routeUrl.startsWith(`${DOCS_PREFIX}/`)
    )
      return;
    await actAsCurrentUser(request, states);
    if (access !== 'authenticated') authorize(request, routeUrl);
  });
}
