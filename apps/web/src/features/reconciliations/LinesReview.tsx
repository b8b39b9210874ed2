import {
  LINE_STATUS_LABELS,
  LINE_STATUSES,
  type LineStatus,
  type MatchConfidence,
  type ReconciliationLine,
} from '@cobranzas/shared';
import { Pagination, Select, Table } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../components/resource/http';
import { EmptyList, LoadFailed, TableSkeleton } from '../../components/resource/states';
import { formatDate, formatMoney } from '../../lib/format';
import { PAGE_SIZE, useLines } from './hooks';
import { LineDetail, useLineActions } from './LineDetail';
import { CONFIDENCE_WORDS, ConfidencePill, LinePill } from './parts';
import classes from './reconciliations.module.css';

const ALL = 'TODAS';
const STATUS_OPTIONS = [
  ...LINE_STATUSES.map((s) => ({ value: s, label: LINE_STATUS_LABELS[s] })),
  { value: ALL, label: 'Todas' },
];
const CONFIDENCE_OPTIONS = (['CIERTA', 'ALTA', 'MEDIA', 'NINGUNA'] as const).map((c) => ({
  value: c,
  label: CONFIDENCE_WORDS[c],
}));

const textOf = (line: ReconciliationLine) =>
  [line.description, line.reference, line.payerName].filter(Boolean).join(' · ') || '—';

/**
 * The review of a file's lines (to review first): a table to walk with the keyboard (↑/↓ or j/k move,
 * Enter or «a» approves the line's only best candidate, «i» marks it as not ours) and the chosen
 * line's candidates and actions beside it.
 */
export function LinesReview({
  reconciliationId,
  onChanged,
}: {
  reconciliationId: number;
  onChanged: () => Promise<unknown>;
}) {
  const [status, setStatus] = useState<LineStatus | typeof ALL>('A_REVISAR');
  const [confidence, setConfidence] = useState<MatchConfidence | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState(0);
  const query = useLines(
    reconciliationId,
    { status: status === ALL ? undefined : status, confidence: confidence ?? undefined, page },
    true,
  );
  const lines = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const line = lines[Math.min(selected, lines.length - 1)];
  const actions = useLineActions(reconciliationId, onChanged);
  const tableRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (selected >= lines.length && lines.length > 0) setSelected(lines.length - 1);
  }, [lines.length, selected]);
  useEffect(() => {
    tableRef.current
      ?.querySelector<HTMLElement>(`[data-index="${selected}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  const onKey = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    if (key === 'ArrowDown' || key === 'j') setSelected((i) => Math.min(i + 1, lines.length - 1));
    else if (key === 'ArrowUp' || key === 'k') setSelected((i) => Math.max(i - 1, 0));
    else if ((key === 'Enter' || key === 'a') && line) void actions.approveBest(line);
    else if (key === 'i' && line) actions.askIgnore(line);
    else return;
    event.preventDefault();
  };

  return (
    <div className={classes.review}>
      <div className={classes.filters}>
        <Select
          label="Estado"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => {
            setStatus((value as LineStatus | typeof ALL) ?? 'A_REVISAR');
            setPage(1);
            setSelected(0);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Confianza"
          placeholder="Todas"
          data={CONFIDENCE_OPTIONS}
          value={confidence}
          onChange={(value) => {
            setConfidence(value as MatchConfidence | null);
            setPage(1);
            setSelected(0);
          }}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <p className={classes.keys} id="review-keys">
          Teclado: ↑ ↓ para moverse, Enter para conciliar con el único candidato más probable, I para marcar
          como ajena.
        </p>
      </div>
      {query.isError ? (
        <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <TableSkeleton rows={6} />
      ) : lines.length === 0 ? (
        <EmptyList filtered={status !== ALL || confidence !== null} text="No hay líneas con ese estado." />
      ) : (
        <div className={classes.split}>
          <div className={classes.tableWrap} ref={tableRef}>
            <Table
              highlightOnHover
              stickyHeader
              className={classes.table}
              role="grid"
              tabIndex={0}
              onKeyDown={onKey}
              aria-label="Líneas del archivo"
              aria-describedby="review-keys"
              aria-activedescendant={line ? `line-${line.id}` : undefined}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fila</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th ta="right">Importe</Table.Th>
                  <Table.Th>Concepto</Table.Th>
                  {status === ALL ? <Table.Th>Estado</Table.Th> : null}
                  <Table.Th>Confianza</Table.Th>
                  <Table.Th>Candidato</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l, index) => (
                  <Table.Tr
                    key={l.id}
                    id={`line-${l.id}`}
                    data-index={index}
                    data-selected={index === selected || undefined}
                    aria-selected={index === selected}
                    onClick={() => setSelected(index)}
                    className={classes.row}
                  >
                    <Table.Td>{l.rowNumber}</Table.Td>
                    <Table.Td>{formatDate(l.date)}</Table.Td>
                    <Table.Td ta="right" className={classes.money}>
                      {formatMoney(l.amount)}
                    </Table.Td>
                    <Table.Td className={classes.concept}>{textOf(l)}</Table.Td>
                    {status === ALL ? (
                      <Table.Td>
                        <LinePill status={l.status} />
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <ConfidencePill confidence={l.confidence} />
                    </Table.Td>
                    <Table.Td className={classes.concept}>
                      {l.candidates[0]
                        ? `${l.candidates[0].debtorName}${l.candidates.length > 1 ? ` y ${l.candidates.length - 1} más` : ''}`
                        : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {total > PAGE_SIZE ? (
              <Pagination
                className={classes.pagination}
                total={Math.ceil(total / PAGE_SIZE)}
                value={page}
                onChange={(next) => {
                  setPage(next);
                  setSelected(0);
                }}
                getControlProps={(control) => ({
                  'aria-label': control === 'next' ? 'Página siguiente' : 'Página anterior',
                })}
                getItemProps={(n) => ({ 'aria-label': `Página ${n}` })}
              />
            ) : null}
          </div>
          {line ? <LineDetail line={line} actions={actions} /> : null}
        </div>
      )}
    </div>
  );
}
