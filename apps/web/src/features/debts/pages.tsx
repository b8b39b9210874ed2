// The debt screens (issue 5), one module for the route table's lazy imports.
export { DebtAddPage, DebtEditPage } from './form/DebtFormPage';
export { DebtSearchPage } from './search/SearchPage';
export { DebtsByTypePage } from './type/DebtsByTypePage';
export { DebtViewPage } from './view/DebtViewPage';
