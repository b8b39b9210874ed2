import '../../components/resource/mantineStyles';
import { useAbility } from '@casl/react';
import { type AppAbility, companiesResource } from '@cobranzas/shared';
import { Button, Skeleton } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/Loading';
import { messageOf, retryTransient } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import { LoadFailed } from '../../components/resource/states';
import { useOptions } from '../../components/resource/useOptions';
import { useDeferredData } from '../../lib/useDeferredData';
import { useNearViewport } from '../../lib/useNearViewport';
import { useSession } from '../../lib/useSession';
import {
  collectionDayQuery,
  getCollectionTypes,
  getGeneralKpi,
  pendingOffersQuery,
  type ReportFilters,
  toSettleQuery,
} from './api';
import { ClientDebtDownload } from './ClientDebtDownload';
import { CollectionDay } from './CollectionDay';
import { DashboardFilters } from './DashboardFilters';
import { DashboardSkeleton } from './DashboardSkeleton';
import classes from './home.module.css';
import { KpiCards } from './KpiCards';
import { PendingOffers } from './PendingOffers';
import { ToSettle } from './ToSettle';
import { useDashboardFilters } from './useDashboardFilters';

const byName = (record: { name: string }) => record.name;
const DashboardCharts = lazy(() => import('./DashboardCharts'));
const QueueView = lazy(async () => ({ default: (await import('../queue/QueueView')).QueueView }));

/**
 * `/`, «Inicio»: the dashboard; for a GENERAL user (a collector) the promises of his day and his
 * queue (issue 18), with the dashboard one link away (`?vista=tablero`). SPEC §2 keeps the route
 * and its title.
 */
export function HomePage() {
  const { userData } = useSession();
  const [params] = useSearchParams();
  if (userData?.type === 'GENERAL' && params.get('vista') !== 'tablero')
    return (
      <Suspense fallback={<PageLoading />}>
        <QueueView
          title="Inicio"
          intro={<CollectionDay company={undefined} canViewQueue={false} />}
          actions={
            <Button component={Link} to="/?vista=tablero" variant="default">
              Ver el tablero
            </Button>
          }
        />
      </Suspense>
    );
  return <Dashboard />;
}

/** The dashboard — KPI cards, charts and the client-debt spreadsheet, for a company and period. */
function Dashboard() {
  const ability = useAbility<AppAbility>();
  const { userData } = useSession();
  const staff = userData?.type !== 'CLIENTE';
  const { filters, apply } = useDashboardFilters();
  // A CLIENTE's figures are its company's whatever the URL says (the API forces it too).
  const scoped = staff ? filters : { ...filters, company: undefined };
  // The form's values before "Aplicar": the spreadsheet downloads these (and applies them).
  const [draft, setDraft] = useState<ReportFilters>(filters);
  useEffect(() => setDraft(filters), [filters]);
  const draftScoped = staff ? draft : { ...draft, company: undefined };
  const kpi = useQuery({
    queryKey: ['report', 'general-kpi', scoped],
    queryFn: ({ signal }) => getGeneralKpi(scoped, signal),
    // New filters keep the figures on screen (aria-busy) until the new ones arrive: the spreadsheet
    // being downloaded, which applies its filters, stays where it is.
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
  // The figures and the cards under them are drawn as a transition when they arrive (issue 38).
  const { data: figures, waiting } = useDeferredData(kpi);
  const types = useQuery({
    queryKey: ['report', 'collection-types', scoped.company ?? null],
    queryFn: ({ signal }) => getCollectionTypes(scoped.company, signal),
    retry: retryTransient,
  });
  const companies = useOptions(companiesResource, byName, staff);
  useCardsWithFigures(scoped.company, userData?.type === 'ADMIN');
  // The charts (their chunk, ≈ 440 kB, and ≈ 150 ms of drawing) wait until they are scrolled near:
  // under the tables they are below the fold, and the first load stays short (Lighthouse's TBT).
  const [charts, chartsNear] = useNearViewport();
  const companyName = staff
    ? companies.records.find((company) => String(company.id) === draftScoped.company)?.name
    : undefined;

  return (
    <section className={classes.page} aria-labelledby="page-title">
      <PageHeader
        title="Inicio"
        actions={
          userData?.type === 'GENERAL' ? (
            <Button component={Link} to="/queue" variant="default">
              Ver mi cola
            </Button>
          ) : null
        }
      />
      <DashboardFilters filters={filters} onApply={apply} onDraft={setDraft} chooseCompany={staff} />
      {waiting ? (
        <DashboardSkeleton />
      ) : kpi.isError || !figures ? (
        <LoadFailed message={messageOf(kpi.error)} onRetry={() => void kpi.refetch()} />
      ) : (
        <div aria-busy={kpi.isFetching} className={classes.body}>
          <KpiCards kpi={figures} canViewTasks={ability.can('view', 'tasks')} filters={scoped} />
          <CollectionDay company={scoped.company} canViewQueue={userData?.type === 'ADMIN'} />
          {userData?.type === 'ADMIN' && <PendingOffers company={scoped.company} />}
          {userData?.type === 'ADMIN' && <ToSettle />}
          <div className={classes.charts} ref={charts}>
            {chartsNear ? (
              <Suspense fallback={<ChartsLoading />}>
                <DashboardCharts kpi={figures} types={types.data} />
              </Suspense>
            ) : (
              <ChartsLoading />
            )}
            <ClientDebtDownload
              filters={draftScoped}
              applied={scoped}
              onApply={() => apply(draft)}
              companyName={companyName}
              needsCompany={staff}
            />
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * The cards under the figures (promises and collectors, offers, «A rendir») are drawn once the
 * figures are; their calls start now, with the figures', not after them: one round trip less.
 */
function useCardsWithFigures(company: string | undefined, admin: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    void client.prefetchQuery(collectionDayQuery(company));
    if (!admin) return;
    void client.prefetchQuery(pendingOffersQuery(company));
    void client.prefetchQuery(toSettleQuery());
  }, [client, company, admin]);
}

function ChartsLoading() {
  return (
    <>
      <Skeleton height={300} radius="md" role="status" aria-label="Cargando gráficos" />
      <Skeleton height={300} radius="md" />
    </>
  );
}
