// The portfolio import screens (issue 16), one module for the route table's lazy imports.
export { ImportAddPage } from './ImportAddPage';
export { ImportsListPage } from './ImportsListPage';
export { ImportViewPage } from './ImportViewPage';
