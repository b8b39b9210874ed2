import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Pill } from '../debts/common/Pill';

/** Why a settled payment or deposit cannot be changed or deleted (its money went to the client). */
export const SETTLED_REASON = 'Ya rendido a la compañía';

/** «Directo al cliente»: the debtor paid the client company, not the agency. */
export function DirectMark() {
  return <Pill tone="violet">Directo al cliente</Pill>;
}

/** «Rendido»: in a closed settlement, which it opens. */
export function SettledMark({ settlementId }: { settlementId: number }) {
  return (
    <Anchor
      component={Link}
      to={`/settlements/${settlementId}`}
      underline="never"
      aria-label="Rendido: abrir la rendición"
    >
      <Pill tone="green">Rendido</Pill>
    </Anchor>
  );
}

/** A money record's marks in the debt file: settled, paid straight to the client; «—» when none. */
export function MoneyMarks({
  settlementId,
  paidToClient = false,
}: {
  settlementId: number | null;
  paidToClient?: boolean;
}) {
  if (!settlementId && !paidToClient) return <span aria-hidden="true">—</span>;
  return (
    <Group gap={4} wrap="nowrap">
      {settlementId ? <SettledMark settlementId={settlementId} /> : null}
      {paidToClient ? <DirectMark /> : null}
    </Group>
  );
}
