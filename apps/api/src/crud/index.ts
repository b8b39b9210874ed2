export { type Auditor, writeAudit } from './audit';
export { type CallReply, type CallRequest, type CallRouteOptions, routeCall } from './call';
export * from './filters';
export { holdsDebtLock, LockOrderError, lockOrderMode, noteChildLock, noteDebtLock } from './locks';
export {
  crudModule,
  docsFor,
  errorResponses,
  rememberSentKeys,
  sentFields,
  uploadErrorResponses,
  wasSent,
} from './routes';
export { matchesWords } from './search';
export { type CrudService, crudService, toJson } from './service';
export * from './types';
export * from './values';
