import type { StrategyDebt } from '@cobranzas/shared';
import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { formatDni, formatMoney } from '../../lib/format';
import { formatCount } from '../imports/parts';
import { OutcomePill } from './parts';
import classes from './strategies.module.css';

const money = (debt: StrategyDebt) => formatMoney(debt.owed, debt.currency === 'USD' ? 'USD' : 'ARS');

/**
 * Debts a strategy takes, each with what it gets in the actions' words and the outcome (or the
 * contact rule that kept it). `would`: a dry run's, in the conditional.
 */
export function DebtsTable({
  rows,
  would,
  caption,
}: {
  rows: StrategyDebt[];
  would: boolean;
  caption: string;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="xs" className={classes.debts}>
        <caption className={classes.hidden}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Deudor</Table.Th>
            <Table.Th>Compañía y referencia</Table.Th>
            <Table.Th>Etapa</Table.Th>
            <Table.Th className={classes.number}>Días de mora</Table.Th>
            <Table.Th className={classes.number}>Deuda</Table.Th>
            <Table.Th>Cobrador</Table.Th>
            <Table.Th className={classes.gets}>{would ? 'Qué recibiría' : 'Qué recibió'}</Table.Th>
            <Table.Th>Resultado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((debt) => (
            <Table.Tr key={debt.debtId}>
              <Table.Td>
                <Anchor component={Link} to={`/debts/view/${debt.debtId}`} size="sm">
                  {debt.debtorName}
                </Anchor>
                <span className={classes.sub}>DNI {formatDni(debt.dni)}</span>
              </Table.Td>
              <Table.Td>
                {debt.companyName}
                <span className={classes.sub}>{debt.reference ?? 'Sin referencia'}</span>
              </Table.Td>
              <Table.Td>{debt.stageName}</Table.Td>
              <Table.Td className={classes.number}>
                {debt.daysPastDue === null ? '—' : formatCount(debt.daysPastDue)}
              </Table.Td>
              <Table.Td className={`${classes.number} ${classes.nowrap}`}>{money(debt)}</Table.Td>
              <Table.Td>{debt.assignedUserName ?? 'Sin asignar'}</Table.Td>
              <Table.Td className={classes.gets}>
                {debt.actions.length > 0 ? (
                  <ul className={classes.plain}>
                    {debt.actions.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                <OutcomePill outcome={debt.outcome} />
                {debt.reason ? <p className={classes.reason}>{debt.reason}</p> : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
