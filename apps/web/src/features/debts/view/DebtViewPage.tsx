import '../common/styles';
import { debtStatusWord, isDebtClosed, MESSAGES } from '@cobranzas/shared';
import { Button, Skeleton } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { Link, useParams } from 'react-router';
import { messageOf, statusOf } from '../../../components/resource/http';
import { PageHeader } from '../../../components/resource/PageHeader';
import resource from '../../../components/resource/resource.module.css';
import { LoadFailed, NoRecord } from '../../../components/resource/states';
import { PortalRequests } from '../../portal/PortalRequests';
import { useDebt, usePermissions } from '../common/hooks';
import { BalanceToDate } from './BalanceToDate';
import { DebtCurrency } from './currency';
import { DebtHeader } from './DebtHeader';
import { DebtTabs } from './DebtTabs';
import { Letters } from './Letters';
import { StageChange } from './StageChange';
import { StatusChange } from './StatusChange';
import classes from './view.module.css';

/** /debts/view/{id}: the debt file. Read-only for who may not edit debts (CLIENTE). */
export function DebtViewPage() {
  const { id = '' } = useParams();
  const perms = usePermissions();
  const query = useDebt(id);
  // The file is drawn as a transition, in slices between frames, when the debt arrives: at once it
  // was one long task (Lighthouse's TBT, issue 38).
  const debt = useDeferredValue(query.data);
  const status = statusOf(query.error);

  let body: React.ReactNode;
  if (query.isPending || (query.data && !debt)) body = <ViewSkeleton />;
  else if (status === 404 || status === 400 || status === 403) body = <NoAccess />;
  else if (!debt) body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else
    body = (
      <DebtCurrency value={debt.currency}>
        <DebtHeader debt={debt} />
        <BalanceToDate debt={debt} />
        {perms.staff ? <PortalRequests debt={debt} canResolve={perms.add} /> : null}
        {perms.edit && isDebtClosed(debt.status) ? (
          <p className={classes.notice} role="status">
            {MESSAGES.debtClosed(debtStatusWord(debt.status))}
          </p>
        ) : null}
        <DebtTabs debt={debt} perms={perms} />
      </DebtCurrency>
    );

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Detalle de deuda"
        badge={debt && !perms.edit ? 'Solo lectura' : undefined}
        actions={
          debt && perms.edit ? (
            <>
              {perms.add ? <StageChange debt={debt} /> : null}
              {perms.catalogs ? <Letters debt={debt} /> : null}
              <StatusChange debt={debt} />
              <Button
                component={Link}
                to={`/debts/edit/${debt.id}`}
                variant="default"
                leftSection={<IconEdit size={18} />}
              >
                Editar
              </Button>
            </>
          ) : null
        }
      />
      {body}
    </section>
  );
}

/** 404 covers both: a debt that does not exist and one of another company (CLIENTE). */
function NoAccess() {
  return (
    <NoRecord
      title="La deuda no existe o no tiene acceso"
      text="La deuda que busca no existe, fue eliminada o no tiene acceso a ella."
      back={{ to: '/debts/search', label: 'Ir al buscador de deudas' }}
    />
  );
}

function ViewSkeleton() {
  return (
    <div className={classes.skeleton} role="status" aria-busy="true" aria-label="Cargando la deuda">
      <Skeleton height={170} />
      <Skeleton height={40} />
      <Skeleton height={220} />
    </div>
  );
}
