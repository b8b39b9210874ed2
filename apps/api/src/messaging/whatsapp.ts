/**
 * WhatsApp through Meta's Cloud API (issue 36): an approved template sent to a debtor's mobile, its
 * body's parameters filled in order. A provider adapter: the token and number come from the
 * environment (WHATSAPP_*); WHATSAPP_API_URL lets a test server stand in for the provider.
 */
import type { WhatsAppConfig } from '../config';

export interface OutgoingWhatsApp {
  /** 549… (shared/phones.ts whatsappTarget). */
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

export const WHATSAPP_MESSAGES = {
  notReady: 'WhatsApp no está configurado: faltan WHATSAPP_TOKEN y WHATSAPP_PHONE_NUMBER_ID en el servidor.',
  failed: (reason: string) => `El proveedor de WhatsApp no aceptó el mensaje: ${reason}`,
};

/** Sends one template message; resolves with the provider's message id, rejects with its reason. */
export async function sendWhatsApp(config: WhatsAppConfig, message: OutgoingWhatsApp): Promise<string> {
  const body = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: message.template,
      language: { code: message.language },
      components:
        message.parameters.length > 0
          ? [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }]
          : [],
    },
  };
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw new Error(WHATSAPP_MESSAGES.failed(error instanceof Error ? error.message : String(error)));
  }
  const answer = (await response.json().catch(() => null)) as {
    messages?: { id?: string }[];
    error?: { message?: string };
  } | null;
  const id = answer?.messages?.[0]?.id;
  if (!response.ok || !id)
    throw new Error(WHATSAPP_MESSAGES.failed(answer?.error?.message ?? `respuesta ${response.status}`));
  return id;
}
