import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorResponse, MESSAGES, SETTLEMENT_MESSAGES } from '@cobranzas/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SECURITY_HEADERS } from './security';

export type FieldErrors = Record<string, string[]>;

/** An expected failure with its status and Spanish message (DESIGN.md §7 error body). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** A stable name of the refusal for the client to react to (e.g. OUTSIDE_HOURS): the body's `code`. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A refusal the client tells apart by its `code` (the contact rules of issue 18). */
export const refusal = (statusCode: number, code: string, message: string, errors?: FieldErrors) =>
  new HttpError(statusCode, message, errors, undefined, code);

export const badRequest = (field: string, message: string) =>
  new HttpError(400, MESSAGES.invalidInput, { [field]: [message] });
export const notFound = () => new HttpError(404, MESSAGES.notFound);
export const conflict = (message: string, errors?: FieldErrors) => new HttpError(409, message, errors);

/** The PostgreSQL error behind a Drizzle error (same fields on `pg` and PGlite). */
export interface PgError {
  code: string;
  constraint?: string;
  detail?: string;
}

export function pgErrorOf(error: unknown): PgError | undefined {
  for (let e = error; typeof e === 'object' && e !== null; e = 'cause' in e ? e.cause : undefined) {
    const code = 'code' in e ? e.code : undefined;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: textField(e, 'constraint'), detail: textField(e, 'detail') };
  }
  return undefined;
}

/** A string property of an error object, when it has one. */
function textField(object: object, key: string): string | undefined {
  const value: unknown = Reflect.get(object, key);
  return typeof value === 'string' ? value : undefined;
}

/** The `code` of a Node or library error ('ENOENT', 'EEXIST'…), when it has one. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? textField(error, 'code') : undefined;
}

const camelCase = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The column a foreign-key error names: 'Key (company_id)=(9) is not present…' → companyId. */
export function foreignKeyField(error: PgError): string | undefined {
  const column = /Key \(([a-z_]+)\)/.exec(error.detail ?? '')?.[1];
  return column ? camelCase(column) : undefined;
}

function validationErrors(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  // A Map, not an object: a field may be named after anything, `valueOf` or `__proto__` included.
  const errors = new Map<string, string[]>();
  for (const issue of error.validation) {
    const field =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    errors.set(field, [...(errors.get(field) ?? []), issue.message ?? MESSAGES.invalidInput]);
  }
  const fields: FieldErrors = Object.fromEntries(errors);
  return fields;
}

const send = (statusCode: number, body: ErrorResponse) => ({ statusCode, body });

/** Maps any error to a status and a Spanish body; never leaks a stack or an internal message. */
function describe(error: FastifyError): { statusCode: number; body: ErrorResponse } {
  if (error instanceof HttpError) {
    return send(error.statusCode, {
      message: error.message,
      ...(error.errors && { errors: error.errors }),
      ...(error.code && { code: error.code }),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = validationErrors(error);
    return send(400, { message: errors.id ? MESSAGES.invalidId : MESSAGES.invalidInput, errors });
  }
  const pg = pgErrorOf(error);
  if (pg?.code === '23505') return send(409, { message: MESSAGES.conflict });
  // The trigger that freezes money in a closed settlement (migration 0018).
  if (pg?.code === 'CB409') return send(409, { message: SETTLEMENT_MESSAGES.settledMoney });
  if (pg?.code === '23503') return send(409, { message: MESSAGES.referenced });
  // A CHECK or NOT NULL the schemas did not catch first is still the client's input.
  if (pg?.code === '23514' || pg?.code === '23502') return send(400, { message: MESSAGES.invalidInput });
  // Serialization failure or deadlock between concurrent writes: the client may simply retry.
  if (pg?.code === '40001' || pg?.code === '40P01') return send(409, { message: MESSAGES.concurrentChange });
  // 22xxx: data exceptions (a value out of range for its column, a bad number…) are bad input.
  if (pg?.code.startsWith('22')) return send(400, { message: MESSAGES.invalidInput });
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, { message: MESSAGES.payloadTooLarge });
  if (error.statusCode === 429) return send(429, { message: MESSAGES.tooManyRequests });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Unparsable JSON, unsupported content types and other client mistakes Fastify detects.
    return send(400, { message: MESSAGES.invalidInput });
  }
  return send(500, { message: MESSAGES.internalError });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, body } = describe(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'error no controlado');
    if (error instanceof HttpError && error.headers) reply.headers(error.headers);
    return reply.code(statusCode).send(body);
  });
}

/**
 * Errors Node's HTTP parser finds before Fastify sees a request (headers too large, a malformed
 * request line, a request too slow to arrive) answered in the contract's Spanish `{message}` shape
 * instead of Fastify's English default. Fastify's `clientErrorHandler` option; `this` is the app.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A reset connection is already gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MESSAGES.requestTimeout]
        : [400, MESSAGES.malformedRequest];
  this.log.debug({ err: error }, 'pedido mal formado');
  // Not into an answer already under way on this connection (a pipelined request, a slow download).
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !answering) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** An answer written where Fastify's hooks do not run: with the headers they would have set. */
export function sendBare(request: FastifyRequest, reply: FastifyReply, statusCode: number, message: string) {
  return reply
    .headers(SECURITY_HEADERS)
    .header('cache-control', 'no-store')
    .header('x-request-id', request.id)
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ message }));
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook runs (a URL that does not
 * decode, a route parameter past maxParamLength), in Spanish and with the usual headers, instead of
 * an English body that echoes the path.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendBare(request, reply, 414, MESSAGES.urlTooLong);
  return sendBare(request, reply, 400, MESSAGES.malformedRequest);
}
