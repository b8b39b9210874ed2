import { DEBT_STATUSES, DEBT_TYPE_IDS, LABELS } from '@cobranzas/shared';
import { useWatch } from 'react-hook-form';
import { DateField } from '../../../components/resource/DateField';
import { SelectField, TextareaField, TextField } from '../../../components/resource/fields';
import resource from '../../../components/resource/resource.module.css';
import { MoneyField } from '../common/MoneyInput';
import { useDebtCatalogs } from '../common/useCatalogs';

const STATUS_OPTIONS = DEBT_STATUSES.map((s) => ({ value: s, label: LABELS.debtStatus[s] }));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={resource.section}>
      <h2 className={resource.sectionTitle}>{title}</h2>
      <div className={resource.grid}>{children}</div>
    </section>
  );
}

/**
 * The debt's own fields; court and case number only for the judicial stage. A new debt picks its
 * first stage and starts ACTIVA; once saved, stage and status are shown but change only through
 * 'Cambiar etapa' and 'Cambiar estado' in the debt file (each leaves a Gestión).
 */
export function DebtFields({ editing = false }: { editing?: boolean }) {
  const catalogs = useDebtCatalogs();
  const stage = useWatch({ name: 'debtTypeId' }) as string | null;
  return (
    <>
      <Section title="Deuda">
        <SelectField
          name="companyId"
          label="Compañía"
          data={catalogs.companies}
          searchable
          withAsterisk
          placeholder="Elija la compañía acreedora"
        />
        <TextField
          name="reference"
          label="Referencia del cliente"
          description="N.º de cuenta o de operación."
        />
        <SelectField
          name="debtTypeId"
          label="Etapa"
          data={catalogs.stages}
          allowDeselect={false}
          withAsterisk={!editing}
          disabled={editing}
          description={editing ? 'Se cambia con «Cambiar etapa» en el detalle de la deuda.' : undefined}
        />
        <SelectField
          name="collectionTypeId"
          label="Tipo de cobranza"
          data={catalogs.collectionTypes}
          clearable
        />
        {editing ? (
          <SelectField
            name="status"
            label="Estado"
            data={STATUS_OPTIONS}
            disabled
            description="Se cambia con «Cambiar estado» en el detalle de la deuda."
          />
        ) : null}
        <SelectField name="assignedUserId" label="Asignada a" data={catalogs.staff} clearable searchable />
      </Section>
      <Section title="Importes y fechas">
        <MoneyField name="originalAmount" label="Importe original" withAsterisk />
        <TextField
          name="punitiveRate"
          label="Tasa punitoria anual (%)"
          inputMode="decimal"
          description="Para calcular la mora de las cuotas y el saldo a la fecha."
        />
        <TextField
          name="interestRate"
          label="Tasa de interés anual (%)"
          inputMode="decimal"
          description="Interés compensatorio para el saldo a la fecha. Vacía: sin interés."
        />
        <SelectField
          name="rateTableId"
          label="Tabla de tasas"
          data={catalogs.rateTables}
          clearable
          searchable
          description="Si se elige, reemplaza la tasa de interés (p. ej. tasa activa del BNA)."
        />
        <DateField name="originDate" label="Fecha de origen" />
        <DateField name="defaultDate" label="Fecha de mora" />
      </Section>
      {Number(stage) === DEBT_TYPE_IDS.JUDICIAL ? (
        <Section title="Datos judiciales">
          <TextField name="court" label="Juzgado" />
          <TextField name="caseNumber" label="N.º de expediente" />
        </Section>
      ) : null}
      <Section title="Notas">
        <div className={resource.wide}>
          <TextareaField name="notes" label="Notas" />
        </div>
      </Section>
    </>
  );
}
