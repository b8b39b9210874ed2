import '../../components/resource/mantineStyles';
import { useParams } from 'react-router';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { LoadFailed, MissingRecord, TableSkeleton } from '../../components/resource/states';
import { draftOf, emptyDraft } from './draft';
import { useStrategy } from './hooks';
import { StrategyEditor } from './StrategyEditor';

/** /strategies/add: a new rule, active, daily, over active and agreed debts. */
export function StrategyAddPage() {
  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader title="Nueva estrategia" />
      <StrategyEditor initial={emptyDraft()} />
    </section>
  );
}

/** /strategies/edit/:id: the rule as the server has it now. */
export function StrategyEditPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useStrategy(valid ? id : 0);
  const record = query.data;
  let body: React.ReactNode;
  if (!valid || statusOf(query.error) === 404) body = <MissingRecord listPath="/strategies/list" />;
  else if (query.isError)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!record) body = <TableSkeleton rows={6} />;
  else
    body = (
      <StrategyEditor key={`${record.id}-${record.updatedAt}`} id={record.id} initial={draftOf(record)} />
    );
  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader title="Editar estrategia" />
      {body}
    </section>
  );
}
