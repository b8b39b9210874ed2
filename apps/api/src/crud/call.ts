import { type CallDefinition, type CallErrors, errorResponseSchema, isFileAnswer } from '@cobranzas/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import { docsFor, errorResponses } from './routes';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a call's handler gets: params, query and body as its declaration parsed them. */
export type CallRequest<C extends CallDefinition> = FastifyRequest<{
  Params: Output<C['params']>;
  Querystring: Output<C['query']>;
  Body: Output<C['body']>;
}>;

/** What a handler returns: the answer as its schema takes it, or the reply it already sent (files, 204). */
export type CallReply<C extends CallDefinition> = C['answer'] extends z.ZodType
  ? z.input<C['answer']>
  : FastifyReply;

/** Route options a call may add: who may call it beyond the resource's rule, hooks before validation. */
export interface CallRouteOptions {
  config?: RouteShorthandOptions['config'];
  onRequest?: onRequestHookHandler;
  preValidation?: preValidationHookHandler;
}

/** The error answers for the docs: every route's, each declared one described by what it means. */
function errorAnswers(errors: CallErrors) {
  const answers: Record<number, z.ZodType> = { ...errorResponses };
  for (const [status, text] of Object.entries(errors))
    answers[Number(status)] = errorResponseSchema.describe(text);
  return answers;
}

/**
 * Registers a call from its declaration in packages/shared (defineCall): `/api${path}`, its request
 * schemas (a 400 in Spanish on anything else), its answer and error answers in the API docs.
 */
export function routeCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  options: CallRouteOptions,
  handler: (request: CallRequest<C>, reply: FastifyReply) => Promise<CallReply<C>>,
) {
  const { answer } = call;
  const success =
    answer === null
      ? z.null().describe('Sin contenido')
      : isFileAnswer(answer)
        ? z.unknown().describe(answer.description)
        : answer;
  app.route({
    method: call.method,
    url: `/api${call.path}`,
    ...options,
    schema: {
      ...docsFor(call.tag),
      summary: call.summary,
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      ...(answer !== null && isFileAnswer(answer) ? { produces: [answer.file] } : {}),
      response: { [call.status]: success, ...errorAnswers(call.errors) },
    },
    handler: async (request, reply) => {
      const result = await handler(request as CallRequest<C>, reply);
      // A 201 is said here, once, for every call that creates; a file or a 204 was sent by the handler.
      if (call.status === 201) reply.code(201);
      return result;
    },
  });
}
