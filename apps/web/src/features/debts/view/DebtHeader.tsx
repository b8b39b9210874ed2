import { addMoney, compareMoney, type Debt, debtCarriesRates, LABELS, personName } from '@cobranzas/shared';
import { Anchor } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCuit, formatDate, formatDni, formatPercent } from '../../../lib/format';
import { usePermissions } from '../common/hooks';
import { DEBT_STATUS_TONES, stageTone } from '../common/labels';
import { Pill } from '../common/Pill';
import { useBalanceToDate } from '../common/useBalanceToDate';
import { useMoney } from './currency';
import { PhoneKindMark } from './PhoneKind';
import { PrescriptionFact } from './PrescriptionFact';
import classes from './view.module.css';
import { WhatsAppLink } from './WhatsApp';

/** The debt file's header: who owes, to whom, at which stage, and how much (es-AR money). */
export function DebtHeader({ debt }: { debt: Debt }) {
  const perms = usePermissions();
  const contact = debt.debtor;
  const phones = (['phone', 'altPhone'] as const).flatMap((which) => {
    const phone = contact[which];
    return phone ? [{ which, phone, kind: contact[`${which}Kind`] }] : [];
  });
  const charges = [debt.servicesAmount, debt.moraAmount].some((v) => v !== '0.00');
  const owed = useBalanceToDate(debt.id).data;

  return (
    <section className={classes.header} aria-label="Resumen de la deuda">
      <div className={classes.who}>
        <p className={classes.number}>Deuda N.º {debt.id}</p>
        <h2 className={classes.debtor}>
          {perms.viewDebtors ? (
            <Anchor component={Link} to={`/debtors/view/${debt.debtorId}`} inherit>
              {personName(debt.debtor)}
            </Anchor>
          ) : (
            personName(debt.debtor)
          )}
        </h2>
        <p className={classes.ids}>
          <span>DNI {formatDni(debt.debtor.dni)}</span>
          {debt.debtor.cuit ? <span>CUIT/CUIL {formatCuit(debt.debtor.cuit)}</span> : null}
        </p>
        {phones.length || contact.email ? (
          <p className={classes.contact}>
            {phones.map(({ which, phone, kind }) => (
              // The phone, its WhatsApp link and its kind stay together when the line wraps.
              <span key={which} className={classes.phone}>
                <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="sm">
                  <IconPhone size={14} aria-hidden="true" /> {phone}
                </Anchor>
                {perms.edit ? (
                  <>
                    <WhatsAppLink phone={phone} kind={kind} debt={debt} />
                    <PhoneKindMark debt={debt} which={which} />
                  </>
                ) : null}
              </span>
            ))}
            {contact.email ? (
              <Anchor href={`mailto:${contact.email}`} size="sm">
                <IconMail size={14} aria-hidden="true" /> {contact.email}
              </Anchor>
            ) : null}
          </p>
        ) : null}
        <div className={classes.pills}>
          <Pill tone={stageTone(debt.debtTypeId)}>{debt.debtTypeName}</Pill>
          <Pill tone={DEBT_STATUS_TONES[debt.status]}>{LABELS.debtStatus[debt.status]}</Pill>
        </div>
        <dl className={classes.facts}>
          <Fact label="Compañía" value={debt.companyName} />
          <Fact label="Referencia" value={debt.reference} />
          <Fact label="Tipo de cobranza" value={debt.collectionTypeName} />
          <Fact label="Fecha de mora" value={formatDate(debt.defaultDate)} />
          <PrescriptionFact debt={debt} />
          <Fact label="Tasa de interés" value={interestLabel(debt)} />
          <Fact
            label="Tasa punitoria"
            value={debt.punitiveRate !== '0.00' ? `${formatPercent(debt.punitiveRate)} anual` : null}
          />
          <Fact label="Asignada a" value={debt.assignedUserName} />
          <CaseFacts debt={debt} />
        </dl>
      </div>
      <dl className={classes.amounts} aria-label="Importes">
        <Amount id="original" label="Original" value={debt.originalAmount} />
        {charges ? (
          <Amount
            id="cargos"
            label="Servicios y mora"
            value={addMoney(debt.servicesAmount, debt.moraAmount)}
          />
        ) : null}
        <Amount id="pagado" label="Pagado" value={debt.paidAmount} tone="paid" />
        {/* The amount owed today (DESIGN.md §11.1): the same figure as «Saldo al», the quotas and the
            letters. Until it arrives, the stored balance, labelled for what it is. */}
        <Amount
          id="saldo"
          label={owed ? 'Saldo' : debtCarriesRates(debt) ? 'Saldo sin intereses' : 'Saldo'}
          value={owed?.total ?? debt.balance}
          note={owed ? LABELS.basis[owed.basis] : undefined}
          tone="balance"
        />
      </dl>
    </section>
  );
}

function interestLabel(debt: Debt): string | null {
  if (debt.rateTableId !== null) return 'Según tabla de tasas';
  if (debt.interestRate === null || compareMoney(debt.interestRate, '0') === 0) return null;
  return `${formatPercent(debt.interestRate)} anual`;
}

/**
 * The court case: its jurisdiction, juzgado, number (a link to the case, issue 37) and next deadline;
 * before the case existed, the court and number typed on the debt. Kept after the debt leaves
 * Judicial: the case still exists, whatever the stage.
 */
function CaseFacts({ debt }: { debt: Debt }) {
  const judicial = debt.judicialCase;
  const number = judicial?.number ?? debt.caseNumber;
  return (
    <>
      <Fact label="Jurisdicción" value={judicial?.jurisdictionName} />
      <Fact label="Juzgado" value={judicial?.court ?? debt.court} />
      <Fact
        label="Expediente"
        value={
          judicial ? (
            <Anchor component={Link} to={`/cases/${judicial.id}`} inherit>
              {number ?? 'Ver expediente'}
            </Anchor>
          ) : (
            number
          )
        }
      />
      <Fact label="Próximo vencimiento" value={formatDate(judicial?.nextDeadlineOn)} />
    </>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  if (!value) return null;
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Amount({
  id,
  label,
  value,
  note,
  tone,
}: {
  id: string;
  label: string;
  value: string;
  /** A line under the figure (how it is reached). */
  note?: string | undefined;
  tone?: 'paid' | 'balance';
}) {
  const money = useMoney();
  return (
    <div className={classes.amount} data-tone={tone}>
      <dt>
        {label}
        {note ? <span className={classes.amountNote}>{note}</span> : null}
      </dt>
      <dd data-testid={`importe-${id}`}>{money(value)}</dd>
    </div>
  );
}
