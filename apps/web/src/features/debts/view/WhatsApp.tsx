import {
  type Agency,
  argentineMobile,
  type Debt,
  personName,
  whatsappGreeting,
  whatsappLink,
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
 * «Escribir por WhatsApp» beside a debtor's phone that is an Argentine mobile (shared/phones.ts says
 * which written forms count): wa.me with a first message naming the debtor, the agency and the
 * company. Nothing for a landline or a number that does not say it is a mobile.
 */
export function WhatsAppLink({ phone, debt }: { phone: string; debt: Debt }) {
  const agency = useAgencyName();
  if (!argentineMobile(phone)) return null;
  const debtor = personName(debt.debtor);
  const href = whatsappLink(
    phone,
    whatsappGreeting({ debtor: debt.debtor.firstName || debtor, agency, company: debt.companyName }),
  );
  if (!href) return null;
  return (
    <ActionIcon
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="subtle"
      color="green"
      size="sm"
      aria-label={`Escribir por WhatsApp a ${debtor} (${phone})`}
      title="Escribir por WhatsApp"
    >
      <IconBrandWhatsapp size={16} aria-hidden="true" />
    </ActionIcon>
  );
}
