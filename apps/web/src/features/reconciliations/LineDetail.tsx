import {
  type Candidate,
  compareMoney,
  fromCents,
  ignoreLineCall,
  isMoney,
  postLineCall,
  type ReconciliationLine,
  restoreLineCall,
  toCents,
  unpostLineCall,
} from '@cobranzas/shared';
import { Button, Checkbox, Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconArrowsSplit, IconCheck, IconCircleX, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../components/resource/AppModal';
import { fieldErrorsOf, messageOf } from '../../components/resource/http';
import { callApi } from '../../lib/call';
import { formatDate, formatMoney } from '../../lib/format';
import { ConfidencePill, LinePill } from './parts';
import classes from './reconciliations.module.css';

type Part = { debtId: string; amount: string };

/** The only strongest candidate of a line, or null when there are none or several. */
export function onlyBest(line: ReconciliationLine): Candidate | null {
  const [first, second] = line.candidates;
  if (!first || (second && second.confidence === first.confidence)) return null;
  return first;
}

/** What can be done with a line, and the dialogs that ask before it (ignore, split, undo). */
export function useLineActions(reconciliationId: number, onChanged: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const [ignoring, setIgnoring] = useState<ReconciliationLine | null>(null);
  const [note, setNote] = useState('');
  const [undoing, setUndoing] = useState<ReconciliationLine | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [splitting, setSplitting] = useState<ReconciliationLine | null>(null);
  const [parts, setParts] = useState<Part[]>([]);
  const [splitError, setSplitError] = useState<string | null>(null);
  const [notRecorded, setNotRecorded] = useState(false);
  const params = (line: ReconciliationLine) => ({ id: reconciliationId, lineId: line.id });

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      notifications.show({ color: 'green', message: done });
      await onChanged();
      return true;
    } catch (error) {
      notifications.show({ color: 'red', title: 'No se pudo', message: messageOf(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const post = (line: ReconciliationLine, candidate: Candidate) =>
    run(
      () =>
        callApi(postLineCall, {
          params: params(line),
          body:
            candidate.existing && !candidate.existing.postedBy
              ? { existing: { kind: candidate.existing.kind, id: candidate.existing.id } }
              : { parts: [{ debtId: candidate.debtId, amount: line.amount }] },
        }),
      candidate.existing && !candidate.existing.postedBy
        ? `Fila ${line.rowNumber}: el pago ya registrado quedó conciliado.`
        : `Fila ${line.rowNumber}: pago de ${formatMoney(line.amount)} registrado en la deuda N.º ${candidate.debtId}.`,
    );

  const approveBest = async (line: ReconciliationLine) => {
    const best = onlyBest(line);
    if (line.status !== 'A_REVISAR' || !best) {
      notifications.show({
        color: 'orange',
        message: 'Esta línea no tiene un único candidato más probable: elija uno o repártala.',
      });
      return;
    }
    if (best.existing?.postedBy) {
      notifications.show({
        color: 'orange',
        message: 'Posible duplicado: revise la línea y use «Conciliar igual» si es otro pago.',
      });
      return;
    }
    await post(line, best);
  };

  const askIgnore = (line: ReconciliationLine) => {
    if (line.status === 'CONCILIADA' || line.status === 'YA_CONCILIADA' || line.status === 'IGNORADA') return;
    setNote('');
    setIgnoring(line);
  };
  const ignore = async () => {
    if (!ignoring) return;
    const line = ignoring;
    const ok = await run(
      () => callApi(ignoreLineCall, { params: params(line), body: note.trim() ? { note: note.trim() } : {} }),
      `Fila ${line.rowNumber} marcada como ajena.`,
    );
    if (ok) setIgnoring(null);
  };
  const restore = (line: ReconciliationLine) =>
    run(
      () => callApi(restoreLineCall, { params: params(line) }),
      `Fila ${line.rowNumber}: vuelve a revisión.`,
    );

  const askUndo = (line: ReconciliationLine) => {
    setReason('');
    setReasonError(null);
    setUndoing(line);
  };
  const undo = async () => {
    if (!undoing) return;
    if (!reason.trim()) {
      setReasonError('Indique el motivo.');
      return;
    }
    const line = undoing;
    const ok = await run(
      () => callApi(unpostLineCall, { params: params(line), body: { reason: reason.trim() } }),
      `Fila ${line.rowNumber}: conciliación deshecha; el dinero vuelve a deberse.`,
    );
    if (ok) setUndoing(null);
  };

  const askSplit = (line: ReconciliationLine) => {
    const debts = line.candidates.map((c) => String(c.debtId));
    setParts((debts.length > 0 ? debts : ['']).map((debtId) => ({ debtId, amount: '' })));
    setSplitError(null);
    setNotRecorded(false);
    setSplitting(line);
  };
  const cents = (amount: string) => (isMoney(amount) ? toCents(amount) : 0n);
  const assigned = parts.reduce((sum, p) => sum + cents(p.amount), 0n);
  const split = async () => {
    if (!splitting) return;
    const line = splitting;
    const chosen = parts.filter((p) => p.debtId.trim() && cents(p.amount) > 0n);
    if (chosen.length === 0 || compareMoney(fromCents(assigned), line.amount) !== 0) {
      setSplitError(
        `Las partes deben sumar ${formatMoney(line.amount)}: suman ${formatMoney(fromCents(assigned))}.`,
      );
      return;
    }
    setBusy(true);
    try {
      await callApi(postLineCall, {
        params: params(line),
        body: {
          parts: chosen.map((p) => ({ debtId: Number(p.debtId), amount: fromCents(cents(p.amount)) })),
        },
      });
      notifications.show({
        color: 'green',
        message: `Fila ${line.rowNumber} repartida en ${chosen.length} deudas.`,
      });
      setSplitting(null);
      await onChanged();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setSplitError(fields.parts?.[0] ?? messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const modals: ReactNode = (
    <>
      <AppModal
        opened={ignoring !== null}
        onClose={() => setIgnoring(null)}
        title="Marcar la línea como ajena"
      >
        <Stack>
          <p className={classes.muted}>
            La línea no es dinero de nuestras deudas (intereses del banco, otra cuenta…). Puede volver a
            revisarla.
          </p>
          <TextInput
            label="Nota (opcional)"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIgnoring(null)}>
              Cancelar
            </Button>
            <Button onClick={() => void ignore()} loading={busy}>
              Marcar como ajena
            </Button>
          </Group>
        </Stack>
      </AppModal>
      <AppModal opened={undoing !== null} onClose={() => setUndoing(null)} title="Deshacer la conciliación">
        <Stack>
          <p className={classes.muted}>
            Se anulan los pagos que esta línea registró (quedan en el libro con su contrasiento) y la línea
            vuelve a revisión. Un pago ya registrado a mano que se había confirmado queda como estaba.
          </p>
          <Textarea
            label="Motivo"
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError}
            withAsterisk
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setUndoing(null)}>
              Cancelar
            </Button>
            <Button color="red" onClick={() => void undo()} loading={busy}>
              Deshacer
            </Button>
          </Group>
        </Stack>
      </AppModal>
      <AppModal
        opened={splitting !== null}
        onClose={() => setSplitting(null)}
        title="Repartir la línea entre deudas"
        size="lg"
      >
        {splitting ? (
          <Stack>
            <p className={classes.muted}>
              {formatMoney(splitting.amount)} del {formatDate(splitting.date)}. Indique el N.º de cada deuda y
              cuánto le corresponde: deben sumar el importe de la línea.
            </p>
            {parts.map((part, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, in order
              <Group key={index} grow>
                <TextInput
                  label={`Deuda N.º (${index + 1})`}
                  value={part.debtId}
                  inputMode="numeric"
                  onChange={(e) => {
                    const debtId = e.currentTarget.value.replace(/\D/g, '');
                    setParts((all) => all.map((p, i) => (i === index ? { ...p, debtId } : p)));
                  }}
                />
                <NumberInput
                  label="Importe"
                  value={part.amount}
                  decimalSeparator=","
                  thousandSeparator="."
                  decimalScale={2}
                  min={0}
                  prefix="$ "
                  onChange={(value) => {
                    const amount = value === '' ? '' : String(value);
                    setParts((all) => all.map((p, i) => (i === index ? { ...p, amount } : p)));
                  }}
                />
              </Group>
            ))}
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={() => setParts((all) => [...all, { debtId: '', amount: '' }])}
              disabled={parts.length >= 20}
            >
              Otra deuda
            </Button>
            <p className={classes.muted} aria-live="polite">
              Asignado: {formatMoney(fromCents(assigned))} de {formatMoney(splitting.amount)}
            </p>
            <Checkbox
              label="Son pagos nuevos aunque la deuda tenga uno igual registrado a mano"
              checked={notRecorded}
              onChange={(e) => setNotRecorded(e.currentTarget.checked)}
            />
            {splitError ? (
              <p className={classes.error} role="alert">
                {splitError}
              </p>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setSplitting(null)}>
                Cancelar
              </Button>
              <Button onClick={() => void split()} loading={busy}>
                Registrar los pagos
              </Button>
            </Group>
          </Stack>
        ) : null}
      </AppModal>
    </>
  );

  return { busy, post, approveBest, askIgnore, restore, askUndo, askSplit, modals };
}

export type LineActions = ReturnType<typeof useLineActions>;

/** The chosen line: what the file says, its candidates (each with why) and what can be done. */
export function LineDetail({ line, actions }: { line: ReconciliationLine; actions: LineActions }) {
  const open = line.status === 'A_REVISAR' || line.status === 'SIN_COINCIDENCIA';
  return (
    <aside className={classes.detail} aria-label={`Fila ${line.rowNumber}`}>
      <header className={classes.detailHead}>
        <strong>
          Fila {line.rowNumber} · {formatMoney(line.amount)} · {formatDate(line.date)}
        </strong>
        <LinePill status={line.status} />
      </header>
      <dl className={classes.facts}>
        {(
          [
            ['Concepto', line.description],
            ['Referencia', line.reference],
            ['Ordenante', [line.payerName, line.payerId].filter(Boolean).join(' · ')],
            ['Transacción', line.transactionId],
            ['Nota', line.note],
          ] as const
        )
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {line.postedBy ? (
        <p className={classes.muted}>
          Ya se concilió en el{' '}
          <Link to={`/reconciliations/view/${line.postedBy.reconciliationId}`}>
            archivo N.º {line.postedBy.reconciliationId}
          </Link>
          .
        </p>
      ) : null}
      {line.postings.length > 0 ? (
        <ul className={classes.candidates} aria-label="Pagos de esta línea">
          {line.postings.map((p) => (
            <li key={`${p.kind}-${p.recordId}`}>
              <IconCheck size={16} aria-hidden="true" /> {formatMoney(p.amount)} en la{' '}
              <Link to={`/debts/view/${p.debtId}`}>deuda N.º {p.debtId}</Link>
              {p.existing ? ' (pago ya registrado, confirmado)' : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        line.candidates.length > 0 ? (
          <ul className={classes.candidates} aria-label="Candidatos">
            {line.candidates.map((c) => (
              <li key={c.debtId} className={classes.candidate}>
                <div>
                  <ConfidencePill confidence={c.confidence} />{' '}
                  <Link to={`/debts/view/${c.debtId}`}>
                    {c.debtorName} · deuda N.º {c.debtId}
                  </Link>
                  <div className={classes.muted}>
                    DNI {c.dni} · {c.companyName}
                    {c.reference ? ` · ${c.reference}` : ''} · {c.reason}
                  </div>
                  {c.existing ? (
                    <div className={classes.existing}>
                      {c.existing.postedBy
                        ? `Posible duplicado: el pago N.º ${c.existing.id} de ${formatMoney(c.existing.amount)} del ${formatDate(c.existing.date)} ya se concilió en el archivo N.º ${c.existing.postedBy.reconciliationId}, fila ${c.existing.postedBy.rowNumber}.`
                        : `Ya registrado: pago N.º ${c.existing.id} de ${formatMoney(c.existing.amount)} del ${formatDate(c.existing.date)}.`}
                    </div>
                  ) : null}
                </div>
                <Button
                  size="xs"
                  variant={c.existing?.postedBy ? 'default' : 'filled'}
                  onClick={() => void actions.post(line, c)}
                  loading={actions.busy}
                >
                  {c.existing && !c.existing.postedBy
                    ? 'Confirmar ya registrado'
                    : c.existing
                      ? 'Conciliar igual'
                      : 'Conciliar aquí'}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={classes.muted}>
            Ninguna deuda coincide: repártala indicando el N.º de deuda, o márquela como ajena.
          </p>
        )
      ) : null}
      <Group gap="xs" className={classes.detailActions}>
        {open ? (
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowsSplit size={16} />}
              onClick={() => actions.askSplit(line)}
            >
              {line.candidates.length > 0 ? 'Repartir…' : 'Asignar a deudas…'}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCircleX size={16} />}
              onClick={() => actions.askIgnore(line)}
            >
              No es nuestra
            </Button>
          </>
        ) : null}
        {line.status === 'IGNORADA' ? (
          <Button
            size="xs"
            variant="default"
            onClick={() => void actions.restore(line)}
            loading={actions.busy}
          >
            Volver a revisar
          </Button>
        ) : null}
        {line.status === 'CONCILIADA' ? (
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={() => actions.askUndo(line)}
          >
            Deshacer…
          </Button>
        ) : null}
      </Group>
      {actions.modals}
    </aside>
  );
}
