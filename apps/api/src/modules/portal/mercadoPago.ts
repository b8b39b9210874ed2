import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { MercadoPagoConfig } from '../../config';

/**
 * Mercado Pago Checkout Pro, the portal's first gateway (DESIGN.md §11.3, FIELD-NOTES.md): a
 * preference the debtor pays at its `init_point`, a signed notification, and the payment as the
 * gateway's own API tells it (the notification is only a hint). Amounts cross as JSON numbers: they
 * are written from the decimal string (JSON.rawJSON) and read back from the number's source text,
 * so no float ever holds them.
 */

// Node 24 (V8) has both; TypeScript's lib does not describe them yet.
declare global {
  interface JSON {
    rawJSON(text: string): unknown;
  }
}
type Reviver = (this: unknown, key: string, value: unknown, context?: { source?: string }) => unknown;

/** What the portal asks to be paid. */
export interface PreferenceRequest {
  reference: string;
  title: string;
  amount: string;
  currency: 'ARS' | 'USD';
  expiresAt: Date;
  payer: { name: string; surname: string; email: string | null; dni: string };
  /** Where the debtor comes back (success, pending, failure) and where notifications go. */
  backUrl: string;
  notificationUrl: string;
}

/** The payment as GET /v1/payments/{id} answers it, in the fields we trust. */
export interface GatewayPayment {
  id: string;
  /** approved, pending, in_process, rejected, cancelled, refunded, charged_back… */
  status: string;
  externalReference: string | null;
  /** The number's own text ("1500.5"), never a float. */
  amount: string;
  currency: string;
  approvedAt: string | null;
}

export class GatewayError extends Error {
  override name = 'GatewayError';
}

/** Mercado Pago's ISO with milliseconds and a numeric offset, at the agency's −03:00. */
export function mercadoPagoDate(instant: Date): string {
  const shifted = new Date(instant.getTime() - 3 * 3_600_000);
  return `${shifted.toISOString().slice(0, 23)}-03:00`;
}

export interface MercadoPago {
  createPreference(request: PreferenceRequest): Promise<{ id: string; initPoint: string }>;
  getPayment(id: string): Promise<GatewayPayment>;
  /** Whether a notification's x-signature is the webhook secret's HMAC of its manifest. */
  verifySignature(headers: { signature?: string; requestId?: string }, dataId: string): boolean;
}

/** The manifest Mercado Pago signs: `id:{data.id};request-id:{x-request-id};ts:{ts};`, parts it lacks left out. */
export function signatureManifest(dataId: string, requestId: string | undefined, ts: string): string {
  // An alphanumeric data.id is signed in lower case (its documentation's rule).
  const id = /[a-z]/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `${id ? `id:${id};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
}

export function signNotification(secret: string, manifest: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

export function mercadoPago(config: MercadoPagoConfig, timeoutMs = 10_000): MercadoPago {
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> => {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.accessToken}`,
          accept: 'application/json',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'x-idempotency-key': randomUUID() }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayError(`Mercado Pago no respondió (${error instanceof Error ? error.message : error})`);
    }
    const text = await response.text();
    if (!response.ok)
      throw new GatewayError(`Mercado Pago respondió ${response.status}: ${text.slice(0, 300)}`);
    // Every number keeps its source text: an amount is read as it was written.
    const keepSource: Reviver = (_key, value, context) =>
      typeof value === 'number' && context?.source ? context.source : value;
    try {
      return JSON.parse(text, keepSource as Parameters<typeof JSON.parse>[1]) as Record<string, unknown>;
    } catch {
      throw new GatewayError('Mercado Pago respondió algo que no es JSON');
    }
  };

  return {
    async createPreference(request) {
      const expires = mercadoPagoDate(request.expiresAt);
      const answer = await call('POST', '/checkout/preferences', {
        items: [
          {
            id: request.reference,
            title: request.title,
            quantity: 1,
            currency_id: request.currency,
            unit_price: JSON.rawJSON(request.amount),
          },
        ],
        payer: {
          name: request.payer.name,
          surname: request.payer.surname,
          ...(request.payer.email ? { email: request.payer.email } : {}),
          identification: { type: 'DNI', number: request.payer.dni },
        },
        back_urls: { success: request.backUrl, pending: request.backUrl, failure: request.backUrl },
        auto_return: 'approved',
        notification_url: request.notificationUrl,
        external_reference: request.reference,
        expires: true,
        expiration_date_to: expires,
        date_of_expiration: expires,
        statement_descriptor: 'COBRANZAS',
      });
      if (typeof answer.id !== 'string' || typeof answer.init_point !== 'string')
        throw new GatewayError('La preferencia de Mercado Pago no trae id o init_point');
      return { id: answer.id, initPoint: answer.init_point };
    },

    async getPayment(id) {
      const answer = await call('GET', `/v1/payments/${encodeURIComponent(id)}`);
      const amount = answer.transaction_amount;
      if (typeof answer.status !== 'string' || typeof amount !== 'string')
        throw new GatewayError('El pago de Mercado Pago no trae estado o importe');
      return {
        id: String(answer.id),
        status: answer.status,
        externalReference: typeof answer.external_reference === 'string' ? answer.external_reference : null,
        amount,
        currency: typeof answer.currency_id === 'string' ? answer.currency_id : 'ARS',
        approvedAt: typeof answer.date_approved === 'string' ? answer.date_approved : null,
      };
    },

    verifySignature({ signature, requestId }, dataId) {
      if (!signature) return false;
      const parts = Object.fromEntries(
        signature.split(',').map((part) => {
          const [key, ...value] = part.split('=');
          return [key?.trim() ?? '', value.join('=').trim()];
        }),
      );
      const ts = parts.ts;
      const v1 = parts.v1;
      if (!ts || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return false;
      const expected = signNotification(config.webhookSecret, signatureManifest(dataId, requestId, ts));
      return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(v1.toLowerCase(), 'hex'));
    },
  };
}
