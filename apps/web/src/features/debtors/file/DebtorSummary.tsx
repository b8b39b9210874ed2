import { type Debtor, personName } from '@cobranzas/shared';
import { Anchor } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import resource from '../../../components/resource/resource.module.css';
import { formatCuit, formatDate, formatDni } from '../../../lib/format';
import view from '../../debts/view/view.module.css';
import classes from './file.module.css';

const KIND_WORD = { MOVIL: 'celular', FIJO: 'fijo' } as const;

/** Who the debtor is and how to reach them: the file's header. */
export function DebtorSummary({ debtor }: { debtor: Debtor }) {
  const phones = (['phone', 'altPhone'] as const).flatMap((which) => {
    const phone = debtor[which];
    return phone ? [{ which, phone, kind: debtor[`${which}Kind`] }] : [];
  });
  const place = [debtor.address, debtor.city, debtor.province].filter(Boolean).join(', ');
  return (
    <section className={`${resource.card} ${classes.summary}`} aria-label="Datos del deudor">
      <h2 className={view.debtor}>{personName(debtor)}</h2>
      <p className={view.ids}>
        <span>DNI {formatDni(debtor.dni)}</span>
        {debtor.cuit ? <span>CUIT/CUIL {formatCuit(debtor.cuit)}</span> : null}
      </p>
      {phones.length || debtor.email ? (
        <p className={view.contact}>
          {phones.map(({ which, phone, kind }) => (
            <Anchor key={which} href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="sm">
              <IconPhone size={14} aria-hidden="true" /> {phone}
              {kind ? <span className={view.muted}> ({KIND_WORD[kind]})</span> : null}
            </Anchor>
          ))}
          {debtor.email ? (
            <Anchor href={`mailto:${debtor.email}`} size="sm">
              <IconMail size={14} aria-hidden="true" /> {debtor.email}
            </Anchor>
          ) : null}
        </p>
      ) : (
        <p className={view.muted}>Sin teléfono ni correo electrónico.</p>
      )}
      <dl className={view.facts}>
        <Fact label="Domicilio" value={place} />
        <Fact label="Código postal" value={debtor.postalCode} />
        <Fact label="Fecha de nacimiento" value={formatDate(debtor.birthDate)} />
        <Fact label="Empleador" value={debtor.employer} />
        <Fact label="Notas" value={debtor.notes} />
      </dl>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className={view.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
