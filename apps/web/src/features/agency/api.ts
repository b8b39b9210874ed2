/** The agency's own data (issue 17): one record at /agency and its logo at /agency/logo. */
import type { Agency, AgencyUpdate } from '@cobranzas/shared';
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
