import {
  type Agency,
  type Debt,
  type PhoneKind,
  personName,
  whatsappGreeting,
  whatsappLink,
  whatsappTarget,
} from '@cobranzas/shared';
import { ActionIcon } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The agency's name for the greeting (GET /agency); while it loads or fails, a generic one. */
function useAgencyName(): string {
  const query = useQuery({
    queryKey: ['agency'],
    queryFn: async ({ signal }) => (await api.get<Agency>('/agency', { signal })).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data?.name ?? '';
}

/**
 * «Escribir por WhatsApp» beside a debtor's phone when shared/phones.ts whatsappTarget says so for
 * the phone and its kind: wa.me with a first message naming the debtor, the agency and the company.
 * A number that only may be a mobile (unknown kind) says so in its title and name.
 */
export function WhatsAppLink({ phone, kind, debt }: { phone: string; kind: PhoneKind | null; debt: Debt }) {
  const agency = useAgencyName();
  const target = whatsappTarget(phone, kind);
  if (!target) return null;
  const debtor = personName(debt.debtor);
  const href = whatsappLink(
    phone,
    kind,
    whatsappGreeting({ debtor: debt.debtor.firstName || debtor, agency, company: debt.companyName }),
  );
  if (!href) return null;
  const title = target.sure ? 'Escribir por WhatsApp' : 'Puede ser un celular: escribir por WhatsApp';
  return (
    <ActionIcon
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="subtle"
      // A guess is grey: green says «this is a mobile».
      color={target.sure ? 'green' : 'gray'}
      size="sm"
      aria-label={`${title} a ${debtor} (${phone})`}
      title={title}
    >
      <IconBrandWhatsapp size={16} aria-hidden="true" />
    </ActionIcon>
  );
}
