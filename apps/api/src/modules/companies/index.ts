import { companiesResource, MESSAGES } from '@cobranzas/shared';
import type { FastifyInstance } from 'fastify';
import { crudModule, equals } from '../../crud';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { assertContactHours, companyColumns } from './contactRules';

export function companiesModule(app: FastifyInstance, db: Db) {
  crudModule(app, db, {
    definition: companiesResource,
    table: companies,
    columns: companyColumns,
    sortable: {
      name: companies.name,
      id: companies.id,
      cuit: companies.cuit,
      createdAt: companies.createdAt,
    },
    search: [companies.name, companies.cuit, companies.contactName, companies.email],
    filters: { active: equals(companies.active) },
    unique: { companies_cuit_unique: { field: 'cuit', message: MESSAGES.cuitTaken } },
    hooks: {
      beforeCreate: (input) => assertContactHours(input),
      beforeUpdate: (input, current) => assertContactHours(input, current),
    },
  });
}
