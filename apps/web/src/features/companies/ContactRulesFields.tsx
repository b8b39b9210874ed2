import { type Company, DEFAULT_CONTACT_HOURS } from '@cobranzas/shared';
import { Switch } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '../../components/resource/fields';
import classes from '../../components/resource/resource.module.css';
import { ContactHoursFields } from '../contacts/ContactHoursFields';

/** The company form's contact rules when empty: the agency's hours, no caps. */
export const CONTACT_RULES_EMPTY = {
  contactDays: null as number[] | null,
  contactFrom: null as string | null,
  contactTo: null as string | null,
  maxAttemptsPerDay: '',
  maxAttemptsPerWeek: '',
};

/** A stored company's contact rules as the form shows them (empty cap: none). */
export const contactRulesForm = (company: Company) => ({
  contactDays: company.contactDays ?? null,
  contactFrom: company.contactFrom ?? null,
  contactTo: company.contactTo ?? null,
  maxAttemptsPerDay: String(company.maxAttemptsPerDay ?? ''),
  maxAttemptsPerWeek: String(company.maxAttemptsPerWeek ?? ''),
});

/**
 * «Reglas de contacto» (issue 18): the company's own contact hours, when they are not the agency's
 * (all three fields, or none), and its caps of contact attempts per debtor per day and per week.
 */
export function ContactRulesFields() {
  const { setValue } = useFormContext();
  const days = useWatch({ name: 'contactDays' }) as number[] | null | undefined;
  const own = days !== null && days !== undefined;
  const toggle = (on: boolean) => {
    const options = { shouldDirty: true };
    setValue('contactDays', on ? [...DEFAULT_CONTACT_HOURS.days] : null, options);
    setValue('contactFrom', on ? DEFAULT_CONTACT_HOURS.from : null, options);
    setValue('contactTo', on ? DEFAULT_CONTACT_HOURS.to : null, options);
  };
  return (
    <div className={classes.wide}>
      <h2 className={classes.sectionTitle}>Reglas de contacto</h2>
      <div className={classes.grid}>
        <div className={classes.wide}>
          <Switch
            label="Horario de contacto propio"
            description="Apagado: se usa el horario de la agencia (Administración → Datos de la agencia)."
            checked={own}
            onChange={(event) => toggle(event.currentTarget.checked)}
          />
        </div>
        {own ? <ContactHoursFields /> : null}
        <TextField
          name="maxAttemptsPerDay"
          label="Intentos por día"
          inputMode="numeric"
          description="Contactos por deudor y por día (1 a 50). Vacío: sin límite."
        />
        <TextField
          name="maxAttemptsPerWeek"
          label="Intentos por semana"
          inputMode="numeric"
          description="Contactos por deudor de lunes a domingo (1 a 200). Vacío: sin límite."
        />
      </div>
    </div>
  );
}
