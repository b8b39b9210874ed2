/**
 * A local HTTP server that answers as Mercado Pago's documented API does (fixtures/mercadopago), for
 * the tests: the product's adapter talks to it over HTTP exactly as to api.mercadopago.com. It also
 * serves a one-button checkout page that approves the payment, notifies `notification_url` (signed
 * like Mercado Pago signs) and sends the browser back to `back_urls.success`, for the end-to-end walk.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../fixtures/mercadopago/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

/** The JSON text of `value`, with amounts (strings in `amounts`) written as numbers, exactly. */
const withAmounts = (value: unknown) =>
  JSON.stringify(value, (key, v) =>
    (key === 'unit_price' || key === 'transaction_amount' || key === 'total_paid_amount') &&
    typeof v === 'string'
      ? JSON.rawJSON(v)
      : v,
  );

export interface FakePreference {
  id: string;
  body: Record<string, unknown> & {
    external_reference?: string;
    notification_url?: string;
    back_urls?: { success?: string };
    items?: { unit_price: string; currency_id?: string; title?: string }[];
  };
}
export interface FakePayment {
  id: number;
  status: string;
  externalReference: string;
  amount: string;
  currency: string;
}
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The body's text, as it came (amounts as written). */
  text: string;
}

export interface FakeMercadoPago {
  url: string;
  accessToken: string;
  webhookSecret: string;
  preferences: FakePreference[];
  payments: Map<number, FakePayment>;
  requests: SeenRequest[];
  /** The next `count` API calls answer 500 (the gateway having a bad minute). */
  failNext(count: number): void;
  /** A payment of the preference for `reference` (its amount unless given), as the gateway records it. */
  pay(reference: string, options?: { status?: string; amount?: string }): FakePayment;
  /** The notification Mercado Pago would POST for a payment: path with query, headers and body, signed. */
  notification(
    paymentId: number,
    options?: { secret?: string; requestId?: string },
  ): {
    url: string;
    headers: Record<string, string>;
    body: Record<string, unknown>;
  };
  close(): Promise<void>;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startFakeMercadoPago(
  options: { accessToken?: string; webhookSecret?: string } = {},
): Promise<FakeMercadoPago> {
  const accessToken = options.accessToken ?? `TEST-${randomUUID()}`;
  const webhookSecret = options.webhookSecret ?? `secreto-${randomUUID()}`;
  const preferences: FakePreference[] = [];
  const payments = new Map<number, FakePayment>();
  const requests: SeenRequest[] = [];
  let failures = 0;
  let nextPaymentId = 1_300_000_000;
  let url = '';

  const send = (response: ServerResponse, status: number, text: string, type = 'application/json') => {
    response.writeHead(status, { 'content-type': type });
    response.end(text);
  };

  const pay = (
    reference: string,
    { status = 'approved', amount }: { status?: string; amount?: string } = {},
  ) => {
    const preference = [...preferences].reverse().find((p) => p.body.external_reference === reference);
    const item = preference?.body.items?.[0];
    const payment = {
      id: nextPaymentId++,
      status,
      externalReference: reference,
      amount: amount ?? item?.unit_price ?? '0',
      currency: item?.currency_id ?? 'ARS',
    };
    payments.set(payment.id, payment);
    return payment;
  };

  const notification = (paymentId: number, { secret = webhookSecret, requestId = randomUUID() } = {}) => {
    const ts = String(Date.now());
    const manifest = `id:${paymentId};request-id:${requestId};ts:${ts};`;
    const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
    return {
      url: `/api/webhooks/mercadopago?data.id=${paymentId}&type=payment`,
      headers: {
        'x-signature': `ts=${ts},v1=${v1}`,
        'x-request-id': requestId,
        'content-type': 'application/json',
      },
      body: { ...fixture('notification'), id: Date.now(), live_mode: false, data: { id: String(paymentId) } },
    };
  };

  const api = async (request: IncomingMessage, response: ServerResponse, path: string, text: string) => {
    if (request.headers.authorization !== `Bearer ${accessToken}`)
      return send(
        response,
        401,
        JSON.stringify({ message: 'invalid access token', error: 'unauthorized', status: 401 }),
      );
    if (failures > 0) {
      failures--;
      return send(
        response,
        500,
        JSON.stringify({ message: 'internal_error', error: 'internal_error', status: 500 }),
      );
    }
    if (request.method === 'POST' && path === '/checkout/preferences') {
      // Amounts keep their source text, as the product wrote them.
      const body = JSON.parse(text, (_key, value, context?: { source?: string }) =>
        typeof value === 'number' && context?.source ? context.source : value,
      ) as FakePreference['body'];
      if (!Array.isArray(body.items) || body.items.length === 0)
        return send(
          response,
          400,
          JSON.stringify({ message: 'items needed', error: 'invalid_items', status: 400 }),
        );
      const id = `202809963-${randomUUID()}`;
      preferences.push({ id, body });
      const answer = {
        ...fixture('preference-response'),
        ...body,
        id,
        init_point: `${url}/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `${url}/checkout/v1/redirect?pref_id=${id}`,
        date_created: new Date().toISOString(),
      };
      return send(response, 201, withAmounts(answer));
    }
    const found = /^\/v1\/payments\/(\d+)$/.exec(path);
    if (request.method === 'GET' && found) {
      const payment = payments.get(Number(found[1]));
      if (!payment)
        return send(
          response,
          404,
          JSON.stringify({ message: 'Payment not found', error: 'not_found', status: 404 }),
        );
      const now = new Date().toISOString();
      const answer = {
        ...fixture('payment'),
        id: payment.id,
        status: payment.status,
        status_detail: payment.status === 'approved' ? 'accredited' : 'cc_rejected_other_reason',
        external_reference: payment.externalReference,
        currency_id: payment.currency,
        transaction_amount: payment.amount,
        date_created: now,
        date_approved: payment.status === 'approved' ? now : null,
        date_last_updated: now,
      };
      return send(response, 200, withAmounts(answer));
    }
    return send(
      response,
      404,
      JSON.stringify({ message: 'resource not found', error: 'not_found', status: 404 }),
    );
  };

  /** The checkout: a page with one button; paying approves, notifies and goes back. */
  const checkout = async (request: IncomingMessage, response: ServerResponse, target: URL) => {
    const preference = preferences.find((p) => p.id === target.searchParams.get('pref_id'));
    if (!preference) return send(response, 404, 'Preferencia inexistente', 'text/plain; charset=utf-8');
    const item = preference.body.items?.[0];
    if (request.method === 'GET')
      return send(
        response,
        200,
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Mercado Pago (prueba)</title></head>
<body><h1>Mercado Pago (servidor de prueba)</h1><p>${item?.title ?? ''}: $ ${item?.unit_price ?? ''}</p>
<form method="post"><button type="submit">Pagar</button></form></body></html>`,
        'text/html; charset=utf-8',
      );
    const reference = preference.body.external_reference ?? '';
    const payment = pay(reference);
    const note = notification(payment.id);
    const notify = new URL(preference.body.notification_url ?? '');
    await fetch(`${notify.origin}${note.url}`, {
      method: 'POST',
      headers: note.headers,
      body: JSON.stringify(note.body),
    }).catch(() => undefined);
    const back = new URL(preference.body.back_urls?.success ?? '/');
    for (const [key, value] of Object.entries({
      collection_id: String(payment.id),
      collection_status: 'approved',
      payment_id: String(payment.id),
      status: 'approved',
      external_reference: reference,
      preference_id: preference.id,
    }))
      back.searchParams.set(key, value);
    response.writeHead(302, { location: back.toString() });
    response.end();
  };

  const server = createServer((request, response) => {
    void (async () => {
      const target = new URL(request.url ?? '/', 'http://fake');
      const text = await read(request);
      if (target.pathname === '/checkout/v1/redirect') return checkout(request, response, target);
      requests.push({ method: request.method ?? '', path: target.pathname, headers: request.headers, text });
      return api(request, response, target.pathname, text);
    })().catch((error: unknown) => send(response, 500, JSON.stringify({ message: String(error) })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    accessToken,
    webhookSecret,
    preferences,
    payments,
    requests,
    failNext: (count) => {
      failures = count;
    },
    pay,
    notification,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
