import {
  dateSchema,
  JUDICIAL_DAY_OFF_KIND_LABELS,
  type JudicialDeadline,
  judicialDaysOffResource,
  judicialDeadlineCall,
} from '@cobranzas/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../components/resource/http';
import { callApi } from '../../lib/call';
import { formatDate } from '../../lib/format';
import { resourceKeys } from '../../lib/resourceQueries';
import classes from './jurisdictions.module.css';

/** GET /jurisdictions/{id}/deadline: the last day of `days` judicial working days from `from`. */
export const fetchDeadline = (jurisdictionId: number, from: string, days: number, signal?: AbortSignal) =>
  callApi(judicialDeadlineCall, { params: { id: jurisdictionId }, query: { from, days } }, signal);

/** A day off a term skipped, as the API gives it ('YYYY-MM-DD' or 'YYYY-MM-DD/YYYY-MM-DD'). */
export function skippedText(day: JudicialDeadline['skipped'][number]): string {
  const [from, to] = day.date.split('/');
  const when = to ? `del ${formatDate(from)} al ${formatDate(to)}` : formatDate(from);
  return `${when}: ${day.name} (${JUDICIAL_DAY_OFF_KIND_LABELS[day.kind].toLowerCase()})`;
}

const isDay = (value: unknown): value is string => dateSchema.safeParse(value).success;
const isTerm = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 365;

/**
 * The deadline of `days` judicial working days from `from` on a jurisdiction's calendar, asked as the
 * values settle (300 ms). Kept under the days off' key: a change to the calendar asks again.
 */
export function useDeadline(jurisdictionId: number | null, from: unknown, days: unknown) {
  // Each on its own: primitives stay equal between renders (an object would restart the wait).
  const [askedFrom] = useDebouncedValue(from, 300);
  const [askedDays] = useDebouncedValue(days, 300);
  const ready = jurisdictionId !== null && isDay(askedFrom) && isTerm(askedDays);
  const query = useQuery({
    queryKey: resourceKeys(judicialDaysOffResource).other('deadline', jurisdictionId, askedFrom, askedDays),
    queryFn: ({ signal }) =>
      fetchDeadline(jurisdictionId as number, askedFrom as string, askedDays as number, signal),
    enabled: ready,
    staleTime: 60_000,
    retry: false,
  });
  // Typed but not yet asked: still «calculating», not the previous answer.
  const settled = askedFrom === from && askedDays === days;
  return { query, ready: ready && settled, wanted: isTerm(days) && isDay(from) };
}

/**
 * «Vence el dd/mm/aaaa» and the days off skipped on the way (weekends aside), read aloud as it changes.
 * Nothing while the term or the day is incomplete.
 */
export function DeadlineResult({
  jurisdictionId,
  from,
  days,
  noJurisdiction,
}: {
  jurisdictionId: number | null;
  from: unknown;
  days: unknown;
  /** What to say when there is no calendar to count on. */
  noJurisdiction: string;
}) {
  const { query, ready, wanted } = useDeadline(jurisdictionId, from, days);
  let body: React.ReactNode = null;
  if (!wanted) body = null;
  else if (jurisdictionId === null) body = <p className={classes.previewWarning}>{noJurisdiction}</p>;
  else if (!ready || query.isFetching)
    body = <p className={classes.previewMuted}>Calculando el vencimiento…</p>;
  else if (query.isError) body = <p className={classes.previewWarning}>{messageOf(query.error)}</p>;
  else if (query.data) body = <DeadlineAnswer answer={query.data} />;
  return (
    <div className={classes.preview} aria-live="polite" data-testid="deadline-preview">
      {body}
    </div>
  );
}

function DeadlineAnswer({ answer }: { answer: JudicialDeadline }) {
  return (
    <>
      <p className={classes.previewDay}>Vence el {formatDate(answer.deadlineOn)}</p>
      {answer.skipped.length ? (
        <>
          <p className={classes.previewMuted}>Además de los sábados y domingos, saltea:</p>
          <ul className={classes.previewList}>
            {answer.skipped.map((day) => (
              <li key={day.date}>{skippedText(day)}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className={classes.previewMuted}>
          Sin feriados ni ferias en el plazo: solo saltea sábados y domingos.
        </p>
      )}
    </>
  );
}
