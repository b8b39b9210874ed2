import {
  type Debt,
  PORTAL_REQUEST_KIND_LABELS,
  type PortalRequest,
  portalRequestResolveCall,
} from '@cobranzas/shared';
import { Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { TextareaField } from '../../components/resource/fields';
import resource from '../../components/resource/resource.module.css';
import { formatDateTime } from '../debts/common/labels';
import { RecordModal } from '../debts/view/RecordModal';
import { TabSection } from '../debts/view/TabSection';
import view from '../debts/view/view.module.css';
import { usePortalRequests, useResolveRequest } from './api';
import classes from './portal.module.css';

const resolveSchema = portalRequestResolveCall.body;

/** «Pidió que lo llamen el 30/11/2026 10:30 al 351 555-1234», «No reconoce la deuda». */
function headline(request: PortalRequest) {
  if (request.kind === 'CALLBACK')
    return `Pidió que lo llamen el ${request.callAt ? formatDateTime(request.callAt) : '—'} al ${request.phone ?? '—'}`;
  return 'Dice que no reconoce esta deuda: no se lo contacta hasta resolverlo';
}

/**
 * What the debtor asked for in the portal about this debt (issue 34): calls to return and disputes,
 * open ones first with «Resolver» (a resolved dispute lets the debtor be contacted again), resolved
 * ones with who and how. Staff only; shown only when there is something.
 */
export function PortalRequests({ debt, canResolve }: { debt: Debt; canResolve: boolean }) {
  const query = usePortalRequests(debt.id, true);
  const resolve = useResolveRequest(debt.id);
  const [resolving, setResolving] = useState<PortalRequest | null>(null);
  const requests = query.data?.data ?? [];
  // Nothing until it is known there is something: most debts never have a request.
  if (query.isPending || (query.isSuccess && requests.length === 0)) return null;
  const open = requests.filter((request) => request.status === 'ABIERTO');
  const ordered = [...open, ...requests.filter((request) => request.status !== 'ABIERTO')];

  return (
    <section className={resource.card} aria-label="Pedidos desde el portal">
      <TabSection
        title="Pedidos desde el portal"
        count={open.length}
        query={query}
        empty={null}
        modals={
          resolving ? (
            <RecordModal
              title={`Resolver: ${PORTAL_REQUEST_KIND_LABELS[resolving.kind].toLowerCase()}`}
              schema={resolveSchema}
              defaultValues={{ resolution: '' }}
              submitLabel="Marcar como resuelto"
              intro={
                <p className={view.explain}>
                  {resolving.kind === 'DISPUTE'
                    ? 'Al resolverlo se puede volver a contactar al deudor por esta deuda. Explique qué se verificó.'
                    : 'Anote el resultado del llamado (o por qué no se pudo hacer).'}
                </p>
              }
              onSubmit={async ({ resolution }) => {
                await resolve.mutateAsync({ requestId: resolving.id, resolution });
                notifications.show({
                  color: 'green',
                  title: 'Pedido resuelto',
                  message: 'Quedó en el historial de la deuda.',
                });
              }}
              onClose={() => setResolving(null)}
            >
              <TextareaField name="resolution" label="Cómo se resolvió" minRows={3} required />
            </RecordModal>
          ) : null
        }
      >
        <ul className={classes.requests}>
          {ordered.map((request) => (
            <li key={request.id} className={classes.request}>
              <p className={classes.requestHead}>
                <Badge variant="light" color={request.kind === 'DISPUTE' ? 'red' : 'orange'} radius="sm">
                  {PORTAL_REQUEST_KIND_LABELS[request.kind]}
                </Badge>
                <Badge variant="outline" color={request.status === 'ABIERTO' ? 'blue' : 'gray'} radius="sm">
                  {request.status === 'ABIERTO' ? 'Abierto' : 'Resuelto'}
                </Badge>
                <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
                {canResolve && request.status === 'ABIERTO' ? (
                  <Button size="compact-sm" variant="light" onClick={() => setResolving(request)} ml="auto">
                    Resolver
                  </Button>
                ) : null}
              </p>
              <p className={classes.requestText}>
                <strong>{headline(request)}</strong>
                {request.text ? ` — «${request.text}»` : ''}
              </p>
              {request.documentId !== null ? (
                <p className={classes.resolution}>
                  Adjuntó un documento: está en la pestaña Documentos de la deuda.
                </p>
              ) : null}
              {request.status === 'RESUELTO' ? (
                <p className={classes.resolution}>
                  Resuelto {request.resolvedAt ? `el ${formatDateTime(request.resolvedAt)}` : ''}
                  {request.resolvedByName ? ` por ${request.resolvedByName}` : ''}: {request.resolution}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </TabSection>
    </section>
  );
}
