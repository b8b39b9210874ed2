import '../common/styles';
import { Button } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconChevronUp, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/resource/PageHeader';
import resource from '../../../components/resource/resource.module.css';
import { usePermissions } from '../common/hooks';
import { DebtList } from './DebtList';
import { DniResults } from './DniResults';
import classes from './search.module.css';

/**
 * /debts/search: the top bar's DNI/CUIT search (?search=) and the filter form over all debts.
 * Under a DNI search the advanced list (every debt, not only that DNI's) stays folded until asked
 * for, or until the URL already carries its filters, page or sort (a shared or reloaded view).
 */
export function DebtSearchPage() {
  const [params] = useSearchParams();
  const search = params.get('search')?.replace(/\D/g, '') ?? '';
  const perms = usePermissions();
  const listInUrl = [...params.keys()].some((name) => name !== 'search');
  // Asked for under this search only: a new DNI starts folded again.
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const open = !search || askedFor === search || listInUrl;
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
        <div className={classes.advancedHead}>
          <h2 id="busqueda-avanzada" className={resource.sectionTitle}>
            Búsqueda avanzada
          </h2>
          {search && !listInUrl ? (
            <Button
              variant="default"
              size="sm"
              aria-controls={open ? 'busqueda-avanzada-lista' : undefined}
              aria-expanded={open}
              leftSection={open ? <IconChevronUp size={16} /> : <IconAdjustmentsHorizontal size={16} />}
              onClick={() => setAskedFor(open ? null : search)}
            >
              {open ? 'Ocultar la búsqueda avanzada' : 'Buscar entre todas las deudas'}
            </Button>
          ) : null}
        </div>
        {search ? (
          <p className={classes.advancedNote}>
            Todas las deudas, con filtros: no depende del DNI/CUIT buscado.
          </p>
        ) : null}
        {open ? (
          <div id="busqueda-avanzada-lista">
            <DebtList />
          </div>
        ) : null}
      </section>
    </section>
  );
}
