import {
  DEBT_STATUSES,
  type DebtStatus,
  LABELS,
  PROMISE_CONDITION_LABELS,
  PROMISE_CONDITIONS,
} from '@cobranzas/shared';
import { MultiSelect, Select } from '@mantine/core';
import type { Option } from '../../components/resource/types';
import { MoneyInput } from '../debts/common/MoneyInput';
import type { ConditionsDraft } from './draft';
import { capitalize, DaysInput, IdsSelect, TriSelect } from './fields';
import classes from './strategies.module.css';

const STATUS_OPTIONS = DEBT_STATUSES.map((s) => ({ value: s, label: LABELS.debtStatus[s] }));
const PROMISE_OPTIONS = [
  { value: 'any', label: 'Cualquiera' },
  ...PROMISE_CONDITIONS.map((p) => ({ value: p, label: capitalize(PROMISE_CONDITION_LABELS[p]) })),
];

/** Which debts the strategy takes: every condition set must hold; an empty one does not filter. */
export function ConditionsFields({
  value,
  onChange,
  error,
  companies,
  stages,
}: {
  value: ConditionsDraft;
  onChange: (patch: Partial<ConditionsDraft>) => void;
  error: (field: keyof ConditionsDraft) => string | undefined;
  companies: Option[];
  stages: Option[];
}) {
  return (
    <div className={classes.grid}>
      <IdsSelect
        label="Compañías"
        placeholder={value.companyIds.length ? undefined : 'Todas'}
        options={companies}
        missing={(id) => `Compañía N.º ${id}`}
        value={value.companyIds}
        onChange={(companyIds) => onChange({ companyIds })}
        error={error('companyIds')}
      />
      <IdsSelect
        label="Etapas"
        placeholder={value.debtTypeIds.length ? undefined : 'Todas'}
        options={stages}
        missing={(id) => `Etapa N.º ${id}`}
        value={value.debtTypeIds}
        onChange={(debtTypeIds) => onChange({ debtTypeIds })}
        error={error('debtTypeIds')}
      />
      <MultiSelect
        label="Estados de la deuda"
        placeholder={value.statuses.length ? undefined : 'Todos'}
        data={STATUS_OPTIONS}
        value={value.statuses}
        onChange={(statuses) => onChange({ statuses: statuses as DebtStatus[] })}
        clearable
        hidePickedOptions
        error={error('statuses')}
      />
      <DaysInput
        label="Sin gestión en (días)"
        description="Sin contacto de una persona en al menos esos días."
        value={value.daysWithoutContactMin}
        onChange={(daysWithoutContactMin) => onChange({ daysWithoutContactMin })}
        error={error('daysWithoutContactMin')}
      />
      <DaysInput
        label="Días de mora desde"
        value={value.daysPastDueMin}
        onChange={(daysPastDueMin) => onChange({ daysPastDueMin })}
        error={error('daysPastDueMin')}
      />
      <DaysInput
        label="Días de mora hasta"
        value={value.daysPastDueMax}
        onChange={(daysPastDueMax) => onChange({ daysPastDueMax })}
        error={error('daysPastDueMax')}
      />
      <MoneyInput
        label="Deuda desde"
        description="Lo que debe el día de la ejecución."
        value={value.owedMin}
        onChange={(owedMin) => onChange({ owedMin })}
        error={error('owedMin')}
      />
      <MoneyInput
        label="Deuda hasta"
        description="Vacío: sin límite."
        value={value.owedMax}
        onChange={(owedMax) => onChange({ owedMax })}
        error={error('owedMax')}
      />
      <Select
        label="Promesa de pago"
        data={PROMISE_OPTIONS}
        value={value.promise}
        onChange={(v) => onChange({ promise: (v ?? 'any') as ConditionsDraft['promise'] })}
        allowDeselect={false}
        error={error('promise')}
      />
      <TriSelect
        label="Con teléfono"
        value={value.hasPhone}
        onChange={(hasPhone) => onChange({ hasPhone })}
        error={error('hasPhone')}
      />
      <TriSelect
        label="Con correo electrónico"
        value={value.hasEmail}
        onChange={(hasEmail) => onChange({ hasEmail })}
        error={error('hasEmail')}
      />
      <TriSelect
        label="Asignada a un cobrador"
        value={value.assigned}
        onChange={(assigned) => onChange({ assigned })}
        error={error('assigned')}
      />
    </div>
  );
}
