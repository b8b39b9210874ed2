import type { z } from 'zod';

/**
 * One custom call said once (issue 31): its method, path, request, answer and error answers. The
 * API registers it from this declaration (apps/api/src/crud/call.ts) and the web calls it through the
 * same declaration (apps/web/src/lib/call.ts), so neither side re-types a body, a query or an answer.
 * A resource's five generic calls are declared by its defineResource; the rest use defineCall,
 * beside that resource's definition.
 */
export type CallMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The error answers a call gives besides 401: status → when, in Spanish (the API docs show it). */
export type CallErrors = Partial<Record<400 | 403 | 404 | 409 | 413 | 415 | 429 | 503, string>>;

/** A file the call answers with (a PDF), instead of JSON. */
export interface FileAnswer {
  file: 'application/pdf';
  /** What the file is, for the API docs. */
  description: string;
}

/** What a call answers with: JSON of a schema, a file, or nothing (204). */
export type CallAnswer = z.ZodType | FileAnswer | null;

export interface CallDefinition<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends CallAnswer = CallAnswer,
> {
  method: CallMethod;
  /** Under /api, each path parameter as `:name` (the API registers `/api${path}`). */
  path: string;
  /** The API docs' tag (the resource's Spanish plural) and one line of what it does. */
  tag: string;
  summary: string;
  params: Params;
  query: Query;
  body: Body;
  answer: Answer;
  /** The success status: 201 for a call that creates, 204 for one that answers nothing, else 200. */
  status: 200 | 201 | 204;
  errors: CallErrors;
}

/** A call as declared: what it takes is optional, what it answers and how it fails are not. */
export function defineCall<
  const Params extends z.ZodType | undefined = undefined,
  const Query extends z.ZodType | undefined = undefined,
  const Body extends z.ZodType | undefined = undefined,
  const Answer extends CallAnswer = null,
>(spec: {
  method: CallMethod;
  path: string;
  tag: string;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  answer: Answer;
  status?: 200 | 201;
  errors: CallErrors;
}): CallDefinition<Params, Query, Body, Answer> {
  return {
    params: undefined as Params,
    query: undefined as Query,
    body: undefined as Body,
    ...spec,
    status: spec.answer === null ? 204 : (spec.status ?? 200),
  };
}

/** What the caller passes: each part the call declares, as its schema takes it (before defaults). */
export type CallInput<C extends CallDefinition> = (C['params'] extends z.ZodType
  ? { params: z.input<C['params']> }
  : { params?: never }) &
  (C['query'] extends z.ZodType ? { query?: z.input<C['query']> } : { query?: never }) &
  (C['body'] extends z.ZodType ? { body?: z.input<C['body']> } : { body?: never });

/** What the caller gets back: the answer's schema output, a file (`File`: a Blob in a browser), or nothing. */
export type CallResult<C extends CallDefinition, File = unknown> = C['answer'] extends z.ZodType
  ? z.output<C['answer']>
  : C['answer'] extends FileAnswer
    ? File
    : undefined;

export const isFileAnswer = (answer: CallAnswer): answer is FileAnswer =>
  answer !== null && typeof answer === 'object' && 'file' in answer;

/** The call's path with its parameters filled in (each encoded), under the API's base. */
export function callPath(call: Pick<CallDefinition, 'path'>, params: unknown): string {
  return call.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null) throw new Error(`${call.path}: falta el parámetro ${name}`);
    return encodeURIComponent(String(value));
  });
}
