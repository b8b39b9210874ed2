import {
  type CollectionType,
  caseStatusesResource,
  collectionsTypesResource,
  collectionTypeCreateSchema,
  collectionTypeUpdateSchema,
  debtsTypesResource,
  embargosTypeResource,
  eventsHistoryTypesResource,
  FIXED_DEBT_TYPES,
} from '@cobranzas/shared';
import { makeCatalog } from './makeCatalog';
import { PrescriptionYearsField } from './PrescriptionYearsField';

/** SPEC §2 embargo types; the API resource is singular (SPEC §7). */
export const EmbargoTypes = makeCatalog({
  info: {
    definition: embargosTypeResource,
    basePath: '/embargos-types',
    noun: 'el tipo de embargo',
  },
  titles: { list: 'Tipos de embargos', add: 'Nuevo tipo de embargo', edit: 'Editar tipo de embargo' },
  exportName: 'tipos-de-embargo',
});

/** Debt stages: 1 preventive, 2 extrajudicial, 3 judicial are fixed (SPEC §4). */
export const DebtTypes = makeCatalog({
  info: {
    definition: debtsTypesResource,
    basePath: '/debts-types',
    noun: 'el tipo de deuda',
  },
  titles: { list: 'Tipos de deuda', add: 'Nuevo tipo de deuda', edit: 'Editar tipo de deuda' },
  exportName: 'tipos-de-deuda',
  fixedIds: FIXED_DEBT_TYPES.map((type) => type.id),
});

const yearsText = (years: number) => `${years} ${years === 1 ? 'año' : 'años'}`;

/** The origin of a debt (tarjeta, préstamo, servicio…) and the years its claims take to prescribe (issue 37). */
export const CollectionTypes = makeCatalog({
  info: {
    definition: collectionsTypesResource,
    basePath: '/collections-types',
    noun: 'el tipo de cobranza',
  },
  titles: { list: 'Tipos de cobranza', add: 'Nuevo tipo de cobranza', edit: 'Editar tipo de cobranza' },
  exportName: 'tipos-de-cobranza',
  extra: {
    schemas: { create: collectionTypeCreateSchema, update: collectionTypeUpdateSchema },
    defaults: { prescriptionYears: 5 },
    toForm: (record) => ({ prescriptionYears: (record as CollectionType).prescriptionYears ?? 5 }),
    fields: () => <PrescriptionYearsField />,
  },
  columns: [
    {
      accessor: 'prescriptionYears',
      title: 'Prescripción',
      noWrap: true,
      text: (record) => {
        const years = (record as Partial<CollectionType>).prescriptionYears;
        return years === undefined ? '' : yearsText(years);
      },
    },
  ],
});

/** The outcome of a contact (promesa de pago, no contesta…). */
export const EventHistoryTypes = makeCatalog({
  info: {
    definition: eventsHistoryTypesResource,
    basePath: '/events-history-types',
    noun: 'el resultado de gestión',
  },
  titles: {
    list: 'Resultados de gestión',
    add: 'Nuevo resultado de gestión',
    edit: 'Editar resultado de gestión',
  },
  exportName: 'resultados-de-gestion',
});

/** Where a court case stands (issue 37): demanda presentada, sentencia, en ejecución… */
export const CaseStatuses = makeCatalog({
  info: {
    definition: caseStatusesResource,
    basePath: '/case-statuses',
    noun: 'el estado de expediente',
  },
  titles: {
    list: 'Estados de expediente',
    add: 'Nuevo estado de expediente',
    edit: 'Editar estado de expediente',
  },
  exportName: 'estados-de-expediente',
});
