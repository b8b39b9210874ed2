// Money in (issue 35), one module for the route table's lazy imports.
export { ProfilesPage } from './ProfilesPage';
export { ReconciliationAddPage } from './ReconciliationAddPage';
export { ReconciliationsListPage } from './ReconciliationsListPage';
export { ReconciliationViewPage } from './ReconciliationViewPage';
