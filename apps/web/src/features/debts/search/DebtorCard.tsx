import { personName } from '@cobranzas/shared';
import { Anchor } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCuit, formatDni } from '../../../lib/format';
import classes from './results.module.css';

export type DebtorSummary = {
  id: number;
  dni: string;
  cuit: string | null;
  firstName: string;
  lastName: string;
  phone?: string | null;
  email?: string | null;
  city?: string | null;
  province?: string | null;
};

/** Who the debtor is and how to reach them; the link to their record for who may see debtors. */
export function DebtorCard({ debtor, linkToRecord }: { debtor: DebtorSummary; linkToRecord: boolean }) {
  const place = [debtor.city, debtor.province].filter(Boolean).join(', ');
  return (
    <div className={classes.debtor}>
      <div className={classes.avatar} aria-hidden="true">
        {(debtor.lastName[0] ?? '') + (debtor.firstName[0] ?? '')}
      </div>
      <div className={classes.debtorBody}>
        <h3 className={classes.debtorName}>{personName(debtor)}</h3>
        <p className={classes.ids}>
          <span>DNI {formatDni(debtor.dni)}</span>
          {debtor.cuit ? <span>CUIT/CUIL {formatCuit(debtor.cuit)}</span> : null}
        </p>
        <ul className={classes.contact}>
          {debtor.phone ? (
            <li>
              <IconPhone size={15} aria-hidden="true" />
              <Anchor href={`tel:${debtor.phone}`}>{debtor.phone}</Anchor>
            </li>
          ) : null}
          {debtor.email ? (
            <li>
              <IconMail size={15} aria-hidden="true" />
              <Anchor href={`mailto:${debtor.email}`}>{debtor.email}</Anchor>
            </li>
          ) : null}
          {place ? (
            <li>
              <IconMapPin size={15} aria-hidden="true" />
              {place}
            </li>
          ) : null}
        </ul>
      </div>
      {linkToRecord ? (
        <Anchor component={Link} to={`/debtors/view/${debtor.id}`} className={classes.recordLink}>
          Ver ficha del deudor
        </Anchor>
      ) : null}
    </div>
  );
}
