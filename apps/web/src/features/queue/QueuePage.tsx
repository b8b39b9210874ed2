import { QueueView } from './QueueView';

/** /queue: «Mi cola», the signed-in collector's debts to work today (an ADMIN may pick whose). */
export function QueuePage() {
  return <QueueView />;
}
