import { agencyToday } from '@cobranzas/shared';
import { DateField } from '../../components/resource/DateField';
import { CuitField, SelectField, TextareaField, TextField } from '../../components/resource/fields';
import classes from '../../components/resource/resource.module.css';
import { ChannelFields } from './ChannelFields';
import { PROVINCE_OPTIONS } from './resource';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={classes.section}>
      <h2 className={classes.sectionTitle}>{title}</h2>
      <div className={classes.grid}>{children}</div>
    </section>
  );
}

/**
 * Who the debtor is: the fields every debtor form asks first (the debtor's page and the quick one
 * inside a new debt). `hints`: the DNI's and CUIT's help lines, where there is room for them.
 */
export function DebtorIdentityFields({ hints = false }: { hints?: boolean }) {
  return (
    <>
      <TextField name="lastName" label="Apellido" withAsterisk autoComplete="off" />
      <TextField name="firstName" label="Nombres" withAsterisk autoComplete="off" />
      <TextField
        name="dni"
        label="DNI"
        withAsterisk
        inputMode="numeric"
        maxLength={10}
        autoComplete="off"
        description={hints ? '7 u 8 dígitos, sin puntos.' : undefined}
      />
      <CuitField name="cuit" label="CUIT/CUIL" description={hints ? 'Opcional.' : undefined} />
    </>
  );
}

export function DebtorFields() {
  return (
    <>
      <Section title="Identificación">
        <DebtorIdentityFields hints />
        <DateField
          name="birthDate"
          label="Fecha de nacimiento"
          maxDate={agencyToday()}
          defaultLevel="decade"
        />
      </Section>
      <Section title="Contacto">
        <ChannelFields value="phone" label="Teléfono" type="tel" />
        <ChannelFields value="altPhone" label="Teléfono alternativo" type="tel" />
        <ChannelFields value="email" label="Correo electrónico" type="email" />
      </Section>
      <Section title="Domicilio">
        <div className={classes.wide}>
          <TextField name="address" label="Calle y número" autoComplete="off" />
        </div>
        <TextField name="city" label="Localidad" autoComplete="off" />
        <SelectField
          name="province"
          label="Provincia"
          data={PROVINCE_OPTIONS}
          searchable
          clearable
          placeholder="Elija una provincia"
        />
        <TextField name="postalCode" label="Código postal" autoComplete="off" maxLength={10} />
      </Section>
      <Section title="Trabajo y notas">
        <div className={classes.wide}>
          <TextField name="employer" label="Empleador" autoComplete="off" />
        </div>
        <div className={classes.wide}>
          <TextareaField name="notes" label="Observaciones" />
        </div>
      </Section>
    </>
  );
}
