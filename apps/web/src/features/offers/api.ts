/** The calls of settlement offers (DESIGN.md §10.3) beyond plain list and read. */
import { debtsResource, type Offer, type OfferTerms } from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { resourceKeys } from '../../lib/resourceQueries';

export type OfferAction = 'approve' | 'reject' | 'accept' | 'cancel';

export const createOffer = async (body: {
  debtId: number;
  amount: string;
  quotas: number;
  downPayment: string;
  firstDueDate: string;
  notes: string | null;
}) => (await api.post<Offer>('/offers', body)).data;

/** Approve or reject (ADMIN), accept (the plan and the discount), cancel. */
export const actOnOffer = async (id: number, action: OfferAction) =>
  (await api.post<Offer>(`/offers/${id}/${action}`, {})).data;

/**
 * GET /offers/terms: the balance an offer made now is measured against and the company's limits.
 * Under the debt's detail key: every write that refreshes the debt refreshes it too.
 */
export function useOfferTerms(debtId: number) {
  return useQuery({
    queryKey: [...resourceKeys(debtsResource).detail(debtId), 'offer-terms'],
    queryFn: async ({ signal }) =>
      (await api.get<OfferTerms>('/offers/terms', { params: { debtId }, signal })).data,
  });
}
