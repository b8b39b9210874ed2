// The settlement screens (issue 19), one module for the route table's lazy imports.
export { SettlementAddPage } from './SettlementAddPage';
export { SettlementsListPage } from './SettlementsListPage';
export { SettlementViewPage } from './SettlementViewPage';
