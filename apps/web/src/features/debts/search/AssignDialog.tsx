import { debtsResource } from '@cobranzas/shared';
import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { AppModal } from '../../../components/resource/AppModal';
import { fieldErrorsOf, messageOf } from '../../../components/resource/http';
import { useResourceMutation } from '../../../lib/resourceQueries';
import { useCollectors } from '../../collectors/useCollectors';
import { assignDebts } from './assign';

const count = new Intl.NumberFormat('es-AR');

/** «las 3 seleccionadas», «la seleccionada»; «las ≈ 12.000 del filtro actual». */
const selectedWords = (n: number) => (n === 1 ? 'la seleccionada' : `las ${count.format(n)} seleccionadas`);
const filterWords = (n: number, estimated: boolean) =>
  n === 1 && !estimated
    ? 'la del filtro actual'
    : `las ${estimated ? '≈ ' : ''}${count.format(n)} del filtro actual`;
/** «las 1.234 deudas», «la deuda». */
const debtsWords = (n: number, estimated: boolean) =>
  n === 1 && !estimated ? 'la deuda' : `las ${estimated ? '≈ ' : ''}${count.format(n)} deudas`;

/** What the API answered, as the toast says it. */
export function assignedText(assigned: number, name: string): string {
  if (assigned === 0) return `No cambió nada: esas deudas ya eran de ${name}.`;
  if (assigned === 1) return `Se asignó 1 deuda a ${name}.`;
  return `Se asignaron ${count.format(assigned)} deudas a ${name}.`;
}

/**
 * The ADMIN's bulk assignment (POST /debts/assign): a collector (an active GENERAL user), then the
 * rows chosen on the list or everything its filter finds — which may be thousands, so that one asks
 * again. Mount it only while open: every opening starts over.
 */
export function AssignDialog({
  selectedIds,
  filter,
  total,
  estimated,
  onAssigned,
  onClose,
}: {
  selectedIds: number[];
  /** The list's filters as GET /debts takes them (no page, size or order). */
  filter: Record<string, string>;
  /** How many debts the filter finds (the list's total). */
  total: number;
  estimated: boolean;
  onAssigned: () => void;
  onClose: () => void;
}) {
  const collectors = useCollectors();
  const [userId, setUserId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const assign = useResourceMutation({ mutationFn: assignDebts, invalidates: [debtsResource] });
  const name = collectors.options.find((option) => option.value === userId)?.label ?? '';
  const busy = assign.isPending;

  async function run(body: { ids: number[] } | { filter: Record<string, string> }) {
    if (!userId) return;
    setError(null);
    try {
      const { assigned } = await assign.mutateAsync({ userId: Number(userId), ...body });
      notifications.show({
        color: 'green',
        title: 'Deudas asignadas',
        message: assignedText(assigned, name),
      });
      onAssigned();
      onClose();
    } catch (failure) {
      setConfirming(false);
      // A 400 names its reason on a field (the collector, the filter): that is what the ADMIN needs.
      const reasons = Object.values(fieldErrorsOf(failure)).flat();
      setError(reasons.length ? reasons.join(' ') : messageOf(failure));
    }
  }

  return (
    <AppModal
      opened
      onClose={onClose}
      title="Asignar deudas a un cobrador"
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      {confirming ? (
        <>
          <Text size="sm">
            Se asignarán a <strong>{name}</strong> {debtsWords(total, estimated)} del filtro actual, también
            las que hoy tienen otro cobrador. ¿Continuar?
          </Text>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy} data-autofocus>
              Volver
            </Button>
            <Button loading={busy} onClick={() => void run({ filter })}>
              Sí, asignar {debtsWords(total, estimated)}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="sm" mb="md">
            Elija el cobrador y qué deudas pasan a él. Las que ya tenían otro cobrador pasan al elegido.
          </Text>
          <Select
            label="Cobrador"
            placeholder={collectors.loading ? 'Cargando…' : 'Elija un cobrador'}
            data={collectors.options}
            value={userId}
            onChange={setUserId}
            searchable
            nothingFoundMessage="Sin coincidencias"
            required
            data-autofocus
          />
          {error ? (
            <Alert color="red" variant="light" role="alert" mt="md" title="No se pudo asignar">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            {selectedIds.length ? (
              <Button disabled={!userId} loading={busy} onClick={() => void run({ ids: selectedIds })}>
                Asignar {selectedWords(selectedIds.length)}
              </Button>
            ) : null}
            <Button
              variant={selectedIds.length ? 'default' : 'filled'}
              disabled={!userId || total === 0 || busy}
              onClick={() => setConfirming(true)}
            >
              Asignar {filterWords(total, estimated)}
            </Button>
          </Group>
        </>
      )}
    </AppModal>
  );
}
