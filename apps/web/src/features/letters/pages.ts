// The day's print batch (issue 36), one module for the route table's lazy import.
export { LetterBatchesPage } from './LetterBatchesPage';
