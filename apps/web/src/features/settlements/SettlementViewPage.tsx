import '../../components/resource/mantineStyles';
import { type Settlement, settlementsResource } from '@cobranzas/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import classes from '../../components/resource/resource.module.css';
import { ForbiddenState, LoadFailed, MissingRecord, TableSkeleton } from '../../components/resource/states';
import { formatDate } from '../../lib/format';
import { resourceQueries } from '../../lib/resourceQueries';
import { formatDateTime } from '../debts/common/labels';
import { numberText, periodText, StatusPill } from './resource';
import { SettlementActions } from './SettlementActions';
import { SettlementLines } from './SettlementLines';
import { SettlementTotals } from './SettlementTotals';
import local from './settlements.module.css';

const LIST = '/settlements/list';

/** /settlements/:id: a settlement's company, period and status, its totals, lines and files. */
export function SettlementViewPage() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const query = useQuery({ ...resourceQueries(settlementsResource).detail(id), enabled: valid });
  const settlement = query.data;
  const status = statusOf(query.error);

  let body: ReactNode;
  if (!valid || status === 404 || status === 400) body = <MissingRecord listPath={LIST} />;
  else if (status === 403) body = <ForbiddenState />;
  else if (query.isError && !settlement)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!settlement) body = <TableSkeleton rows={6} />;
  else body = <SettlementDetail settlement={settlement} />;

  return (
    <section className={classes.page} aria-labelledby="page-title">
      <PageHeader
        title={settlement ? titleOf(settlement) : 'Rendición'}
        actions={settlement ? <SettlementActions settlement={settlement} /> : null}
      />
      {body}
    </section>
  );
}

const titleOf = (s: Settlement) =>
  s.number === null
    ? `Borrador de rendición · ${s.companyName}`
    : `Rendición Nº ${s.number} · ${s.companyName}`;

function SettlementDetail({ settlement: s }: { settlement: Settlement }) {
  return (
    <div className={local.detail}>
      <div className={local.summary}>
        <div className={classes.card}>
          <dl className={classes.facts}>
            <Fact label="Compañía">{s.companyName}</Fact>
            <Fact label="Número">{numberText(s)}</Fact>
            <Fact label="Período">{periodText(s)}</Fact>
            <Fact label="Estado">
              <StatusPill status={s.status} />
            </Fact>
            <Fact label="Moneda">{s.currency === 'USD' ? 'Dólares (USD)' : 'Pesos (ARS)'}</Fact>
            <Fact label="Generada">
              {formatDateTime(s.createdAt)}
              {s.createdByName ? ` por ${s.createdByName}` : ''}
            </Fact>
            {s.closedAt ? (
              <Fact label="Cerrada">
                {formatDateTime(s.closedAt)}
                {s.closedByName ? ` por ${s.closedByName}` : ''}
              </Fact>
            ) : null}
          </dl>
          {s.status === 'DRAFT' ? (
            <p className={local.draftNote}>
              Es un borrador con lo cobrado hasta el {formatDate(s.to)} y sin rendir. Al cerrarlo toma el
              número siguiente y sus pagos y depósitos quedan congelados.
            </p>
          ) : null}
        </div>
        <SettlementTotals settlement={s} />
      </div>
      <SettlementLines settlement={s} />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
