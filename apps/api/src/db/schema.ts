/** Every table of the product (DESIGN.md §8); drizzle-kit reads this file to write migrations. */
export * from './tables/activity';
export * from './tables/catalogs';
export * from './tables/core';
export * from './tables/debts';
export * from './tables/enums';
export * from './tables/kpi';
