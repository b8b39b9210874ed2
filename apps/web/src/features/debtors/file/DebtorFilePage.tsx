import '../../debts/common/styles';
import { useAbility } from '@casl/react';
import { type AppAbility, debtorsResource } from '@cobranzas/shared';
import { Button, Skeleton } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { messageOf, statusOf } from '../../../components/resource/http';
import { PageHeader } from '../../../components/resource/PageHeader';
import resource from '../../../components/resource/resource.module.css';
import { LoadFailed, NoRecord } from '../../../components/resource/states';
import { resourceQueries } from '../../../lib/resourceQueries';
import { PortalLinks } from '../../portal/PortalLinks';
import { DebtorDebts } from '../DebtorDebts';
import { DebtorSummary } from './DebtorSummary';
import { DebtorTimeline } from './DebtorTimeline';
import classes from './file.module.css';

const debtors = resourceQueries(debtorsResource);

/**
 * /debtors/view/{id} (issue 32): the debtor's file — who they are and how to reach them, all their
 * debts, and one history of every contact, payment, letter and change across those debts.
 */
export function DebtorFilePage() {
  const { id = '' } = useParams();
  const ability = useAbility<AppAbility>();
  // The list's page and filters ride along, so the form's «Guardar» returns to them.
  const { state } = useLocation();
  const query = useQuery(debtors.detail(id));
  const debtor = query.data;
  const status = statusOf(query.error);

  let body: React.ReactNode;
  if (query.isPending)
    body = (
      <div className={classes.stack} role="status" aria-busy="true" aria-label="Cargando la ficha">
        <Skeleton height={130} />
        <Skeleton height={160} />
        <Skeleton height={260} />
      </div>
    );
  else if (status === 404 || status === 400 || status === 403) body = <NoDebtor />;
  else if (!debtor)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else
    body = (
      <div className={classes.stack}>
        <DebtorSummary debtor={debtor} />
        <DebtorDebts debtorId={debtor.id} />
        <PortalLinks
          debtorId={debtor.id}
          firstName={debtor.firstName}
          phone={debtor.phone}
          email={debtor.email}
        />
        <DebtorTimeline debtorId={debtor.id} />
      </div>
    );

  const editable = ability.can('edit', 'debtors');
  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Ficha del deudor"
        actions={
          debtor ? (
            <Button
              component={Link}
              to={`/debtors/edit/${debtor.id}`}
              state={state}
              variant="default"
              leftSection={<IconEdit size={18} />}
            >
              {editable ? 'Editar datos' : 'Ver datos'}
            </Button>
          ) : null
        }
      />
      {body}
    </section>
  );
}

function NoDebtor() {
  return (
    <NoRecord
      title="El deudor no existe o no tiene acceso"
      text="El deudor que busca no existe, fue eliminado o no tiene acceso a él."
      back={{ to: '/debtors/list', label: 'Ir a la lista de deudores' }}
    />
  );
}
