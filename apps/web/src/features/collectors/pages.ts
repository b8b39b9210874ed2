// «Carga de cobradores» (issue 18), one module for the route table's lazy import.
export { CollectorsLoadPage } from './LoadPage';
