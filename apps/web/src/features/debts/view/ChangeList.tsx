import type { DebtChange, DebtHistoryEntry } from '@cobranzas/shared';
import classes from './view.module.css';

/** What an entry of the change history did, as its line says. */
export const CHANGE_KIND_TEXT: Record<DebtHistoryEntry['kind'], string> = {
  CREADA: 'Creó la deuda',
  MODIFICADA: 'Modificó',
  ASIGNADA: 'Asignó en bloque',
};

/** A value; an amount never breaks after its «$». */
function Value({ text }: { text: string | null }) {
  if (text === null) return <span className={classes.muted}>(vacío)</span>;
  return /^(US)?\$ /.test(text) ? <span className={classes.nowrap}>{text}</span> : text;
}

/** The fields one history entry changed: «Etapa: Preventiva → Extrajudicial»; a creation lists what it set. */
export function ChangeList({ changes, created }: { changes: DebtChange[]; created: boolean }) {
  if (changes.length === 0) return null;
  return (
    <ul className={classes.historyChanges}>
      {changes.map((change) => (
        <li key={change.field}>
          <span className={classes.muted}>{change.label}:</span>{' '}
          {created ? (
            <Value text={change.after} />
          ) : (
            <>
              <Value text={change.before} /> → <Value text={change.after} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
