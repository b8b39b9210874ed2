import '../common/styles';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/resource/PageHeader';
import resource from '../../../components/resource/resource.module.css';
import { usePermissions } from '../common/hooks';
import { DebtList } from './DebtList';
import { DniResults } from './DniResults';
import classes from './search.module.css';

/** /debts/search: the top bar's DNI/CUIT search (?search=) and the filter form over all debts. */
export function DebtSearchPage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.replace(/\D/g, '') ?? '';
  const perms = usePermissions();
  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Buscador de deudas"
        actions={
          perms.add ? (
            <Button component={Link} to="/debts/add" leftSection={<IconPlus size={18} />}>
              Nueva deuda
            </Button>
          ) : null
        }
      />
      {search ? (
        <div className={classes.section}>
          <DniResults key={search} dni={search} />
        </div>
      ) : null}
      <section className={classes.section} aria-labelledby="busqueda-avanzada">
        <h2 id="busqueda-avanzada" className={resource.sectionTitle}>
          Búsqueda avanzada
        </h2>
        <DebtList />
      </section>
    </section>
  );
}
