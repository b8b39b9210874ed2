import type { Company } from '@cobranzas/shared';
import { TextField } from '../../components/resource/fields';
import classes from '../../components/resource/resource.module.css';
import { percentForInput } from '../../lib/format';

/** The company form's settlement-offer limits when empty: no limit on any point. */
export const OFFER_LIMITS_EMPTY = {
  maxDiscountPercent: '',
  maxQuotas: '',
  minDownPaymentPercent: '',
  portalMinPayment: '',
  minQuotaAmount: '',
  maxFirstDueDays: '',
  maxPlanDays: '',
};

/** A stored company's limits as the form shows them (empty: no limit). */
export const offerLimitsForm = (company: Company) => ({
  maxDiscountPercent: percentForInput(company.maxDiscountPercent),
  // `== null`: a record read before these limits existed has none of them.
  maxQuotas: company.maxQuotas == null ? '' : String(company.maxQuotas),
  minDownPaymentPercent: percentForInput(company.minDownPaymentPercent),
  portalMinPayment: company.portalMinPayment ?? '',
  minQuotaAmount: company.minQuotaAmount ?? '',
  maxFirstDueDays: company.maxFirstDueDays == null ? '' : String(company.maxFirstDueDays),
  maxPlanDays: company.maxPlanDays == null ? '' : String(company.maxPlanDays),
});

/**
 * «Ofertas de quita» (DESIGN.md §10.3): what the company's collectors may offer without an ADMIN. An
 * offer within the three is approved at once; beyond any of them it waits for an administrador.
 */
export function OfferLimitsFields() {
  return (
    <div className={classes.wide}>
      <h2 className={classes.sectionTitle}>Ofertas de quita</h2>
      <div className={classes.grid}>
        <TextField
          name="maxDiscountPercent"
          label="Quita máxima (%)"
          inputMode="decimal"
          rightSection="%"
          description="Del saldo a la fecha. Vacío: sin límite."
        />
        <TextField
          name="maxQuotas"
          label="Cuotas máximas"
          inputMode="numeric"
          description="El anticipo cuenta como una cuota (1 a 120). Vacío: sin límite."
        />
        <TextField
          name="minDownPaymentPercent"
          label="Anticipo mínimo (%)"
          inputMode="decimal"
          rightSection="%"
          description="Del total ofrecido. Vacío: sin límite."
        />
      </div>
      <h2 className={classes.sectionTitle}>Portal del deudor</h2>
      <p className={classes.hint}>
        El portal ofrece solo, sin aprobación, un pago único con la quita máxima y un plan con las cuotas
        máximas, dentro de estos límites y los de arriba. Sin quita ni cuotas máximas, no ofrece nada: solo
        cobra.
      </p>
      <div className={classes.grid}>
        <TextField
          name="portalMinPayment"
          label="Pago mínimo ($)"
          inputMode="decimal"
          description="Lo menos que el deudor puede pagar como «otro importe». Vacío: cualquier importe."
        />
        <TextField
          name="minQuotaAmount"
          label="Cuota mínima ($)"
          inputMode="decimal"
          description="Ninguna cuota de un plan del portal, ni el anticipo, por debajo. Vacío: sin mínimo."
        />
        <TextField
          name="maxFirstDueDays"
          label="Primer vencimiento hasta (días)"
          inputMode="numeric"
          description="Desde hoy, 0 a 90. Vacío: una semana."
        />
        <TextField
          name="maxPlanDays"
          label="Plan de hasta (días)"
          inputMode="numeric"
          description="Del día de hoy al último vencimiento. Vacío: sin límite."
        />
      </div>
    </div>
  );
}
