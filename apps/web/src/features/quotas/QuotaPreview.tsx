import { Table } from '@mantine/core';
import { formatDate } from '../../lib/format';
import { useMoney } from '../debts/view/currency';
import classes from '../debts/view/view.module.css';
import local from './quotas.module.css';

/** The quotas a plan (or an offer's plan) would create, shown before confirming. */
export function QuotaPreview({
  quotas,
  label,
}: {
  quotas: readonly { number: number; dueDate: string; amount: string }[];
  label: string;
}) {
  const money = useMoney();
  return (
    <div className={local.preview}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cuota</Table.Th>
            <Table.Th>Vencimiento</Table.Th>
            <Table.Th className={classes.right}>Importe</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quotas.map((row) => (
            <Table.Tr key={row.number}>
              <Table.Td>{row.number}</Table.Td>
              <Table.Td>{formatDate(row.dueDate)}</Table.Td>
              <Table.Td className={classes.right}>{money(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
