/** The agency's own data (issue 17): one record at /agency and its logo at /agency/logo. */
import {
  type Agency,
  type AgencyUpdate,
  type MessagingSettings,
  type MessagingSettingsUpdate,
  messagingSettingsSchema,
} from '@cobranzas/shared';
import { api } from '../../lib/api';

export const agencyKeys = {
  all: ['agency'] as const,
  logo: (version: string) => ['agency', 'logo', version] as const,
};

export async function fetchAgency(): Promise<Agency> {
  const { data } = await api.get<Agency>('/agency');
  return data;
}

export async function saveAgency(body: AgencyUpdate): Promise<Agency> {
  const { data } = await api.put<Agency>('/agency', body);
  return data;
}

/** The logo's bytes (a Blob the page shows through an object URL: an <img> sends no token). */
export async function fetchLogo(): Promise<Blob> {
  const { data } = await api.get<Blob>('/agency/logo', { responseType: 'blob' });
  return data;
}

export async function uploadLogo(file: File): Promise<Agency> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.put<Agency>('/agency/logo', form);
  return data;
}

export async function removeLogo(): Promise<void> {
  await api.delete('/agency/logo');
}

// ——— E-mail and WhatsApp (issue 36), the ADMIN's ———

export const messagingKey = ['agency', 'messaging'] as const;

/** GET /agency/messaging: the SMTP server and sender, and what the environment configures. */
export async function fetchMessaging(): Promise<MessagingSettings> {
  const { data } = await api.get<unknown>('/agency/messaging');
  const parsed = messagingSettingsSchema.safeParse(data);
  if (!parsed.success) throw new Error('La respuesta del servidor no tiene el formato esperado.');
  return parsed.data;
}

/** PUT /agency/messaging: the whole SMTP setting (its password stays in SMTP_PASSWORD). */
export async function saveMessaging(body: MessagingSettingsUpdate): Promise<MessagingSettings> {
  const { data } = await api.put<MessagingSettings>('/agency/messaging', body);
  return data;
}

/** POST /agency/messaging/test: one e-mail with the saved setting (409 not configured, 502 refused). */
export async function sendTestMail(to: string): Promise<{ sent: true; id: string }> {
  const { data } = await api.post<{ sent: true; id: string }>('/agency/messaging/test', { to });
  return data;
}
