/** One-step contact logging (issue 18): POST /contacts and what the dialog reads first. */
import {
  CONFIRMABLE_REFUSALS,
  type ContactContext,
  type ContactCreate,
  type ContactResult,
} from '@cobranzas/shared';
import { ApiError, api } from '../../lib/api';

export const contactKeys = {
  context: (debtId: number) => ['contacts', 'context', debtId] as const,
};

export async function fetchContactContext(debtId: number, signal?: AbortSignal): Promise<ContactContext> {
  const { data } = await api.get<ContactContext>('/contacts/context', { params: { debtId }, signal });
  return data;
}

export async function logContact(body: ContactCreate): Promise<ContactResult> {
  const { data } = await api.post<ContactResult>('/contacts', body);
  return data;
}

export type Confirmation = (typeof CONFIRMABLE_REFUSALS)[keyof typeof CONFIRMABLE_REFUSALS];

/** The `code` of a refused contact (OUTSIDE_HOURS, THIRD_PARTY, CHANNEL_CLOSED…), when the API sent one. */
export function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return undefined;
  const code = (error.data as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The flag that accepts a refusal the user may confirm («Registrar igual»), or undefined. */
export function confirmationFor(code: string | undefined): Confirmation | undefined {
  return code && Object.hasOwn(CONFIRMABLE_REFUSALS, code)
    ? CONFIRMABLE_REFUSALS[code as keyof typeof CONFIRMABLE_REFUSALS]
    : undefined;
}
