// Court cases (issue 37), one module for the route table's lazy imports.
export { CasesListPage } from './CasesListPage';
export { CaseViewPage } from './CaseViewPage';
