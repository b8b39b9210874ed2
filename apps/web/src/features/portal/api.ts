import {
  eventsResource,
  type PortalLinkCreated,
  portalLinkCreateCall,
  portalLinkRevokeCall,
  portalLinksCall,
  portalRequestResolveCall,
  portalRequestsCall,
} from '@cobranzas/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/call';
import { useResourceMutation } from '../../lib/resourceQueries';

/** The debtor portal's staff side (issue 34): a debtor's links, a debt's requests. */
const linksKey = (debtorId: number) => ['portal-links', debtorId] as const;
const requestsKey = (debtId: number) => ['portal-requests', debtId] as const;

export const usePortalLinks = (debtorId: number) =>
  useQuery({
    queryKey: linksKey(debtorId),
    queryFn: ({ signal }) => callApi(portalLinksCall, { params: { id: debtorId } }, signal),
  });

export function usePortalLinkActions(debtorId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: linksKey(debtorId) });
  const create = async (days: number): Promise<PortalLinkCreated> => {
    const made = await callApi(portalLinkCreateCall, { params: { id: debtorId }, body: { days } });
    await refresh();
    return made;
  };
  const revoke = async (linkId: number) => {
    await callApi(portalLinkRevokeCall, { params: { id: debtorId, linkId } });
    await refresh();
  };
  return { create, revoke };
}

export const usePortalRequests = (debtId: number, enabled: boolean) =>
  useQuery({
    queryKey: requestsKey(debtId),
    queryFn: ({ signal }) => callApi(portalRequestsCall, { params: { id: debtId } }, signal),
    enabled,
  });

/** Resolving writes a Gestión too: the debt's history reloads with the requests. */
export function useResolveRequest(debtId: number) {
  const client = useQueryClient();
  return useResourceMutation({
    mutationFn: async ({ requestId, resolution }: { requestId: number; resolution: string }) => {
      const resolved = await callApi(portalRequestResolveCall, {
        params: { id: debtId, requestId },
        body: { resolution },
      });
      await client.invalidateQueries({ queryKey: requestsKey(debtId) });
      return resolved;
    },
    invalidates: [eventsResource],
  });
}
