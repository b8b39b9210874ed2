import { judicialDaysOffResource, judicialHolidaysLoadCall } from '@cobranzas/shared';
import { Alert, Button, Group, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../components/resource/AppModal';
import { messageOf } from '../../components/resource/http';
import { callApi } from '../../lib/call';
import { useResourceMutation } from '../../lib/resourceQueries';
import view from '../debts/view/view.module.css';
import { MAX_PASTED_DAYS, parseHolidayList } from './parseHolidays';

export type LoadResult = { added: number; existing: number };

/** «N agregados, M ya estaban». */
export const loadResultText = ({ added, existing }: LoadResult) =>
  `${added} ${added === 1 ? 'agregado' : 'agregados'}, ${existing} ya ${existing === 1 ? 'estaba' : 'estaban'}`;

/** Loads a year's national holidays: from the server's data (no `days`) or from a pasted list. */
export function useHolidaysLoad(onDone: (result: LoadResult, year: number) => void) {
  return useResourceMutation({
    mutationFn: (body: { year: number; days?: { date: string; name: string }[] }) =>
      callApi(judicialHolidaysLoadCall, { body }),
    invalidates: [judicialDaysOffResource],
    onSuccess: (result, body) => onDone(result, body.year),
  });
}

/**
 * «Pegar lista»: a year's holidays one per line («dd/mm/aaaa Nombre»), read here; each bad line is
 * said before anything is sent.
 */
export function PasteHolidays({
  year,
  onClose,
  onDone,
}: {
  year: number;
  onClose: () => void;
  onDone: (result: LoadResult, year: number) => void;
}) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const load = useHolidaysLoad(onDone);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseHolidayList(text, year);
    setErrors(parsed.errors);
    if (parsed.errors.length) return;
    load.mutate({ year, days: parsed.days }, { onSuccess: onClose });
  }

  const failed = load.isError ? messageOf(load.error) : null;
  return (
    <AppModal
      opened
      onClose={onClose}
      title={`Pegar los feriados de ${year}`}
      size="lg"
      titleClass={view.modalTitle}
    >
      <form onSubmit={submit} noValidate>
        <p className={view.explain}>
          Un feriado por línea: la fecha y el nombre, por ejemplo «24/03/{year} Día Nacional de la Memoria por
          la Verdad y la Justicia». Los que ya están cargados se dejan como están. Hasta {MAX_PASTED_DAYS} por
          vez.
        </p>
        <Textarea
          label="Feriados"
          autosize
          minRows={8}
          maxRows={16}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          placeholder={`01/01/${year} Año Nuevo\n24/03/${year} Día Nacional de la Memoria por la Verdad y la Justicia`}
          error={errors.length ? 'Corrija las líneas señaladas.' : undefined}
        />
        {errors.length ? (
          <Alert color="red" variant="light" role="alert" mt="md" title="La lista tiene errores">
            <ul>
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {failed ? (
          <Alert color="red" variant="light" role="alert" mt="md" title="No se pudo cargar">
            {failed}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose} disabled={load.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={load.isPending}>
            Cargar feriados
          </Button>
        </Group>
      </form>
    </AppModal>
  );
}
