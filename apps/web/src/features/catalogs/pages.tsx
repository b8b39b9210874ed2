import {
  collectionsTypesResource,
  debtsTypesResource,
  embargosTypeResource,
  eventsHistoryTypesResource,
  FIXED_DEBT_TYPES,
} from '@cobranzas/shared';
import { makeCatalog } from './makeCatalog';

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

/** The origin of a debt (tarjeta, préstamo, servicio…). */
export const CollectionTypes = makeCatalog({
  info: {
    definition: collectionsTypesResource,
    basePath: '/collections-types',
    noun: 'el tipo de cobranza',
  },
  titles: { list: 'Tipos de cobranza', add: 'Nuevo tipo de cobranza', edit: 'Editar tipo de cobranza' },
  exportName: 'tipos-de-cobranza',
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
