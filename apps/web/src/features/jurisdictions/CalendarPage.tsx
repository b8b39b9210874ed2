import '../cases/styles';
import { useAbility } from '@casl/react';
import {
  type AppAbility,
  agencyToday,
  JUDICIAL_DAY_OFF_KIND_LABELS,
  type JudicialDayOff,
  type JudicialDayOffKind,
  judicialDaysOffResource,
  jurisdictionsResource,
  LIST_MAX_LIMIT,
} from '@cobranzas/shared';
import { ActionIcon, Button, Group, Select, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarPlus,
  IconClipboardText,
  IconCloudDownload,
  IconEdit,
  IconList,
  IconSettings,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import { RecordsTable } from '../../components/resource/RecordsTable';
import resource from '../../components/resource/resource.module.css';
import { LoadFailed, MissingRecord, TableSkeleton } from '../../components/resource/states';
import { listSpec } from '../../components/resource/types';
import { useDeleteConfirm } from '../../components/resource/useDeleteConfirm';
import { formatDate } from '../../lib/format';
import { resourceQueries } from '../../lib/resourceQueries';
import type { Tone } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import { EmptyTab } from '../debts/view/TabSection';
import { DayOffDialog, type DayOffTarget } from './DayOffDialog';
import { DeadlineCalculator } from './DeadlineCalculator';
import classes from './jurisdictions.module.css';
import { type LoadResult, loadResultText, PasteHolidays, useHolidaysLoad } from './PasteHolidays';

const LIST = '/jurisdictions/list';

/** A jurisdiction's calendar of a year, in date order (test/resources.test.ts checks it). */
export const DAYS_OFF_LIST = listSpec({
  definition: judicialDaysOffResource,
  filters: ['jurisdictionId', 'year'],
  params: { sort: 'from', order: 'asc' },
});

const KIND_TONES: Record<JudicialDayOffKind, Tone> = { FERIADO: 'blue', FERIA: 'violet', INHABIL: 'orange' };

const datesText = (day: JudicialDayOff) =>
  day.from === day.to ? formatDate(day.from) : `${formatDate(day.from)} al ${formatDate(day.to)}`;

const describe = (day: JudicialDayOff) =>
  day.kind === 'FERIADO'
    ? `el feriado nacional «${day.name}» del ${datesText(day)}, que vale para todas las jurisdicciones`
    : `${day.kind === 'FERIA' ? 'la feria' : 'el día inhábil'} «${day.name}» (${datesText(day)})`;

/** The years offered: two back and two ahead of this one, and the one in the URL. */
function yearOptions(current: number, chosen: number) {
  const years = new Set([current - 2, current - 1, current, current + 1, current + 2, chosen]);
  return [...years].sort((a, b) => a - b).map((y) => ({ value: String(y), label: String(y) }));
}

/**
 * /jurisdictions/:id/calendar: the days its courts do not work in a year (national holidays, its
 * recesses and extra days off), which every deadline of its cases skips. The ADMIN loads the year's
 * national holidays (from the server's data or a pasted list), adds recesses and days off, edits and
 * deletes; GENERAL reads. Under it, «Calcular un plazo».
 */
export function JurisdictionCalendarPage() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const jurisdictionId = Number(id);
  const ability = useAbility<AppAbility>();
  const canManage = ability.can('add', 'SystemManagement');
  const [params, setParams] = useSearchParams();
  const thisYear = Number(agencyToday().slice(0, 4));
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2199 ? asked : thisYear;
  const jurisdiction = useQuery({ ...resourceQueries(jurisdictionsResource).detail(id), enabled: valid });
  const status = statusOf(jurisdiction.error);

  const setYear = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (!value || Number(value) === thisYear) next.delete('year');
        else next.set('year', value);
        return next;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (!valid || status === 404 || status === 400) body = <MissingRecord listPath={LIST} />;
  else if (jurisdiction.isError && !jurisdiction.data)
    body = <LoadFailed message={messageOf(jurisdiction.error)} onRetry={() => void jurisdiction.refetch()} />;
  else if (!jurisdiction.data) body = <TableSkeleton rows={6} />;
  else
    body = (
      <div className={classes.stack}>
        <DaysOff jurisdictionId={jurisdictionId} year={year} canManage={canManage} />
        <DeadlineCalculator jurisdictionId={jurisdictionId} />
      </div>
    );

  const name = jurisdiction.data?.name;
  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title={name ? `Calendario judicial: ${name}` : 'Calendario judicial'}
        actions={
          <Group gap="xs">
            <Select
              aria-label="Año"
              data={yearOptions(thisYear, year)}
              value={String(year)}
              onChange={setYear}
              allowDeselect={false}
              w={110}
              comboboxProps={{ withinPortal: true }}
            />
            <Button component={Link} to={LIST} variant="default" leftSection={<IconList size={18} />}>
              Jurisdicciones
            </Button>
            {valid ? (
              <Button
                component={Link}
                to={`/jurisdictions/edit/${id}`}
                variant="default"
                leftSection={<IconSettings size={18} />}
              >
                {canManage ? 'Editar jurisdicción' : 'Ver jurisdicción'}
              </Button>
            ) : null}
          </Group>
        }
      />
      {body}
    </section>
  );
}

function DaysOff({
  jurisdictionId,
  year,
  canManage,
}: {
  jurisdictionId: number;
  year: number;
  canManage: boolean;
}) {
  const params = useMemo(
    () => ({ jurisdictionId, year, sort: 'from' as const, order: 'asc' as const, limit: LIST_MAX_LIMIT }),
    [jurisdictionId, year],
  );
  const query = useQuery(resourceQueries(judicialDaysOffResource).list(params));
  const days = (query.data?.data ?? []) as JudicialDayOff[];
  const [target, setTarget] = useState<DayOffTarget | null>(null);
  const [pasting, setPasting] = useState(false);
  const [loaded, setLoaded] = useState<{ year: number; text: string } | null>(null);
  const remove = useDeleteConfirm<JudicialDayOff>(judicialDaysOffResource, describe);

  const done = (result: LoadResult, of: number) => {
    const text = `Feriados nacionales de ${of}: ${loadResultText(result)}.`;
    setLoaded({ year: of, text });
    notifications.show({ color: 'green', title: 'Feriados cargados', message: text });
  };
  const load = useHolidaysLoad(done);

  const counts = useMemo(() => {
    const by: Record<JudicialDayOffKind, number> = { FERIADO: 0, FERIA: 0, INHABIL: 0 };
    for (const day of days) by[day.kind]++;
    return by;
  }, [days]);

  let list: ReactNode;
  if (query.isPending) list = <TableSkeleton rows={5} />;
  else if (query.isError)
    list = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!days.length)
    list = (
      <EmptyTab
        text={
          canManage
            ? `No hay días inhábiles cargados para ${year}: empiece por «Cargar feriados nacionales de ${year}».`
            : `No hay días inhábiles cargados para ${year}.`
        }
      />
    );
  else
    list = (
      <RecordsTable<JudicialDayOff>
        records={days}
        label={(d) => `${JUDICIAL_DAY_OFF_KIND_LABELS[d.kind]} ${d.name}, ${datesText(d)}`}
        onDelete={canManage ? remove.ask : undefined}
        actions={
          canManage
            ? (day) => (
                <Tooltip label="Editar" withinPortal>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Editar ${day.name}`}
                    onClick={() => setTarget({ mode: 'edit', record: day })}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
              )
            : undefined
        }
        columns={[
          {
            accessor: 'from',
            title: 'Fechas',
            phone: true,
            noWrap: true,
            render: (d) => datesText(d),
          },
          { accessor: 'name', title: 'Nombre', phone: true },
          {
            accessor: 'kind',
            title: 'Tipo',
            render: (d) => <Pill tone={KIND_TONES[d.kind]}>{JUDICIAL_DAY_OFF_KIND_LABELS[d.kind]}</Pill>,
          },
        ]}
      />
    );

  return (
    <section className={resource.card} aria-labelledby="days-off-title">
      <div className={classes.cardHead}>
        <h2 id="days-off-title" className={classes.cardTitle}>
          Días inhábiles de {year}
        </h2>
        {!query.isPending && days.length ? (
          <p className={classes.counts}>
            {counts.FERIADO} feriados · {counts.FERIA} ferias · {counts.INHABIL} días inhábiles
          </p>
        ) : null}
      </div>
      {canManage ? (
        <div className={classes.toolbar}>
          <Button
            leftSection={<IconCloudDownload size={18} />}
            loading={load.isPending}
            onClick={() =>
              load.mutate(
                { year },
                {
                  onError: (error) =>
                    notifications.show({
                      color: 'red',
                      title: 'No se pudieron cargar los feriados',
                      message: messageOf(error),
                    }),
                },
              )
            }
          >
            Cargar feriados nacionales de {year}
          </Button>
          <Button
            variant="default"
            leftSection={<IconClipboardText size={18} />}
            onClick={() => setPasting(true)}
          >
            Pegar lista
          </Button>
          <Button
            variant="default"
            leftSection={<IconCalendarPlus size={18} />}
            onClick={() => setTarget({ mode: 'add', kind: 'FERIA' })}
          >
            Agregar feria
          </Button>
          <Button
            variant="default"
            leftSection={<IconCalendarPlus size={18} />}
            onClick={() => setTarget({ mode: 'add', kind: 'INHABIL' })}
          >
            Agregar día inhábil
          </Button>
        </div>
      ) : null}
      {loaded && loaded.year === year ? (
        <p className={classes.loaded} role="status">
          {loaded.text}
        </p>
      ) : null}
      <div className={classes.list}>{list}</div>
      {canManage ? remove.dialog : null}
      {target ? (
        <DayOffDialog jurisdictionId={jurisdictionId} target={target} onClose={() => setTarget(null)} />
      ) : null}
      {pasting ? <PasteHolidays year={year} onClose={() => setPasting(false)} onDone={done} /> : null}
    </section>
  );
}
