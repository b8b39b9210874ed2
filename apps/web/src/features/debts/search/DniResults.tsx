import { type Debt, debtorsResource, debtsResource, LABELS } from '@cobranzas/shared';
import { Alert, Button, Skeleton } from '@mantine/core';
import { IconPlus, IconUserPlus, IconUserSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageOf, statusOf } from '../../../components/resource/http';
import resource from '../../../components/resource/resource.module.css';
import { LoadFailed } from '../../../components/resource/states';
import { formatMoney } from '../../../lib/format';
import { resourceKeys } from '../../../lib/resourceQueries';
import { debtorByDni, debtsByDni } from '../common/api';
import { usePermissions } from '../common/hooks';
import { DEBT_STATUS_TONES, stageTone } from '../common/labels';
import { Pill } from '../common/Pill';
import { DebtorCard } from './DebtorCard';
import classes from './results.module.css';

const noRetryOn4xx = (failures: number, error: unknown) => failures < 1 && (statusOf(error) ?? 500) >= 500;

/** The top bar's search: the debtor with that DNI or CUIT and all of their debts. */
export function DniResults({ dni }: { dni: string }) {
  const perms = usePermissions();
  const valid = /^\d{7,11}$/.test(dni);
  const debts = useQuery({
    queryKey: resourceKeys(debtsResource).other('dni', dni),
    queryFn: ({ signal }) => debtsByDni(dni, signal),
    enabled: valid,
    retry: noRetryOn4xx,
  });
  // Contact details come with the debtor record; a CLIENTE (no view debtors) sees what debts embed.
  const debtor = useQuery({
    queryKey: resourceKeys(debtorsResource).other('dni', dni),
    queryFn: ({ signal }) => debtorByDni(dni, signal),
    enabled: valid && perms.viewDebtors,
    retry: noRetryOn4xx,
  });

  let body: React.ReactNode;
  if (!valid) {
    body = (
      <Alert color="orange" variant="light" className={resource.notice} title="Búsqueda no válida">
        Ingrese un DNI (7 u 8 dígitos) o un CUIT (11 dígitos).
      </Alert>
    );
  } else if (debts.isPending || (perms.viewDebtors && debtor.isPending)) {
    body = (
      <div className={classes.loading} role="status" aria-busy="true">
        <Skeleton height={72} />
        <Skeleton height={48} />
      </div>
    );
  } else if (debts.isError) {
    body = <LoadFailed message={messageOf(debts.error)} onRetry={() => void debts.refetch()} />;
  } else {
    const list = debts.data.data;
    const person = debtor.data ?? list[0]?.debtor;
    body = person ? (
      <>
        <DebtorCard debtor={person} linkToRecord={perms.viewDebtors} />
        <DebtCards debts={list} dni={dni} canAdd={perms.add} />
      </>
    ) : (
      <NoMatch dni={dni} canAddDebt={perms.add && perms.addDebtors} canAddDebtor={perms.addDebtors} />
    );
  }

  return (
    <section className={`${resource.card} ${classes.results}`} aria-labelledby="resultado-dni">
      <h2 id="resultado-dni" className={classes.title}>
        Resultado para DNI/CUIT <span className={classes.query}>{dni}</span>
      </h2>
      {body}
    </section>
  );
}

function DebtCards({ debts, dni, canAdd }: { debts: Debt[]; dni: string; canAdd: boolean }) {
  return (
    <div className={classes.debts}>
      <div className={classes.debtsHeader}>
        <h3 className={classes.subtitle}>
          {debts.length === 0 ? 'Sin deudas registradas' : `Deudas (${debts.length})`}
        </h3>
        {canAdd ? (
          <Button
            component={Link}
            to={`/debts/add?dni=${dni}`}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
          >
            Nueva deuda para este deudor
          </Button>
        ) : null}
      </div>
      <ul className={classes.debtList}>
        {debts.map((debt) => (
          <li key={debt.id}>
            <Link
              to={`/debts/view/${debt.id}`}
              className={classes.debtRow}
              aria-label={`Abrir deuda N.º ${debt.id}`}
            >
              <span className={classes.debtId}>N.º {debt.id}</span>
              <span className={classes.debtCompany}>{debt.companyName}</span>
              <Pill tone={stageTone(debt.debtTypeId)}>{debt.debtTypeName}</Pill>
              <Pill tone={DEBT_STATUS_TONES[debt.status]}>{LABELS.debtStatus[debt.status]}</Pill>
              <span className={classes.debtBalance}>
                <span className={classes.balanceLabel}>Saldo</span> {formatMoney(debt.balance, debt.currency)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NoMatch({
  dni,
  canAddDebt,
  canAddDebtor,
}: {
  dni: string;
  canAddDebt: boolean;
  canAddDebtor: boolean;
}) {
  return (
    <div className={classes.noMatch}>
      <IconUserSearch size={40} stroke={1.4} aria-hidden="true" />
      <p className={classes.noMatchTitle}>No se encontró ningún deudor con DNI/CUIT {dni}.</p>
      {canAddDebt || canAddDebtor ? (
        <>
          <p className={classes.noMatchText}>Puede darlo de alta junto con su deuda.</p>
          <div className={classes.noMatchActions}>
            {canAddDebt ? (
              <Button component={Link} to={`/debts/add?dni=${dni}`} leftSection={<IconPlus size={16} />}>
                Crear deudor y deuda
              </Button>
            ) : null}
            {canAddDebtor ? (
              <Button
                component={Link}
                to="/debtors/add"
                variant="default"
                leftSection={<IconUserPlus size={16} />}
              >
                Crear solo el deudor
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
