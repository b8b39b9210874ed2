import '../common/styles';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { PageHeader } from '../../../components/resource/PageHeader';
import resource from '../../../components/resource/resource.module.css';
import { usePermissions } from '../common/hooks';
import { DEBT_TYPE_TITLES } from '../common/labels';
import { DebtList } from '../search/DebtList';

/** /debts/type/{1|2|3}: the debts of one stage, with totals, filters and paging. */
export function DebtsByTypePage() {
  const { type = '' } = useParams();
  const perms = usePermissions();
  const title = Object.hasOwn(DEBT_TYPE_TITLES, type) ? DEBT_TYPE_TITLES[type] : undefined;
  const fixed = useMemo(() => ({ debtTypeId: type }), [type]);
  if (!title) return <NotFoundPage />;
  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title={title}
        actions={
          perms.add ? (
            <Button
              component={Link}
              to={`/debts/add?debtTypeId=${type}`}
              leftSection={<IconPlus size={18} />}
            >
              Nueva deuda
            </Button>
          ) : null
        }
      />
      <DebtList key={type} fixed={fixed} totals />
    </section>
  );
}
