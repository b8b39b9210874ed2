import { useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import classes from './pages.module.css';

// Placeholders until the debts issue builds the screens.
export function DebtSearchPage() {
  const [params] = useSearchParams();
  const search = params.get('search');
  return (
    <PlaceholderPage title="Buscador de deudas">
      {search ? (
        <p className={classes.query}>
          DNI/CUIT buscado: <strong>{search}</strong>
        </p>
      ) : null}
    </PlaceholderPage>
  );
}

export function DebtAddPage() {
  return <PlaceholderPage title="Nueva deuda" />;
}

export function DebtEditPage() {
  return <PlaceholderPage title="Editar deuda" />;
}

export function DebtViewPage() {
  return <PlaceholderPage title="Detalle de deuda" />;
}

/** SPEC §2: /debts/type/{type}: 1 preventive, 2 extrajudicial, 3 judicial. */
export const DEBT_TYPE_TITLES: Record<string, string> = {
  '1': 'Deudas preventivas',
  '2': 'Deudas extrajudiciales',
  '3': 'Deudas judiciales',
};

export function DebtsByTypePage() {
  const { type = '' } = useParams();
  const title = Object.hasOwn(DEBT_TYPE_TITLES, type) ? DEBT_TYPE_TITLES[type] : undefined;
  if (!title) return <NotFoundPage />;
  return <PlaceholderPage title={title} />;
}
