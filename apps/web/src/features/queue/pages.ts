// «Mi cola» (issue 18), one module for the route table's lazy import.
export { QueuePage } from './QueuePage';
