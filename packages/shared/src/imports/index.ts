/**
 * How one row of a portfolio file is read (DESIGN.md §10.1), shared by the API's import and the web's
 * mapping preview, so the screen shows each value exactly as the import will take it.
 * A subpath (`@cobranzas/shared/imports`) because its many small readers are of no use elsewhere.
 */
export * from './cells';
export * from './validate';
export * from './values';
