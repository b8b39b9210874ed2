import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { admittedOutcomes, EventFields } from '../../src/features/events/EventForm';
import { fastUser, stubScrollIntoView } from '../debts/fixtures';

// Llamada admits every outcome; a carta documento only "Recibida" (issue 15).
const RECORDS: Record<string, { id: number; name: string; outcomeIds?: number[] }[]> = {
  'events-types': [
    { id: 1, name: 'Llamada', outcomeIds: [] },
    { id: 2, name: 'Carta documento', outcomeIds: [11] },
  ],
  'events-history-types': [
    { id: 10, name: 'No contesta' },
    { id: 11, name: 'Recibida' },
  ],
  eventsSubTypes: [],
};

vi.mock('../../src/components/resource/useOptions', () => ({
  useOptions: (definition: { path: string }, label: (record: { name: string }) => string) => {
    const records = RECORDS[definition.path] ?? [];
    return {
      records,
      options: records.map((record) => ({ value: String(record.id), label: label(record) })),
      loading: false,
      failed: false,
    };
  },
}));

beforeAll(stubScrollIntoView);

let form: UseFormReturn | undefined;

function Harness({ values }: { values: Record<string, unknown> }) {
  const methods = useForm({ defaultValues: values });
  form = methods;
  return (
    <MantineProvider>
      <FormProvider {...methods}>
        <EventFields />
      </FormProvider>
    </MantineProvider>
  );
}

const offered = async () => {
  const input = screen.getByRole('combobox', { name: 'Resultado' });
  await fastUser().click(input);
  const listbox = await screen.findByRole('listbox', {
    hidden: true,
    name: (_, element) => element.id === input.getAttribute('aria-controls'),
  });
  return within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
};

describe('EventFields: the outcomes of the chosen contact type (issue 15)', () => {
  it('admittedOutcomes: a type without outcomes admits all; with outcomes, only those', () => {
    const all = [{ value: '10' }, { value: '11' }];
    expect(admittedOutcomes(all, undefined)).toEqual(all);
    expect(admittedOutcomes(all, { outcomeIds: [] })).toEqual(all);
    expect(admittedOutcomes(all, { outcomeIds: [11] })).toEqual([{ value: '11' }]);
  });

  it('offers every outcome for a type without a list', async () => {
    render(<Harness values={{ eventTypeId: '1', eventSubTypeId: null, eventHistoryTypeId: null }} />);
    expect(await offered()).toEqual(['No contesta', 'Recibida']);
  });

  it('offers only the type’s outcomes, and clears one that no longer fits when the type changes', async () => {
    render(<Harness values={{ eventTypeId: '1', eventSubTypeId: null, eventHistoryTypeId: '10' }} />);
    expect(form?.getValues('eventHistoryTypeId')).toBe('10');
    act(() => form?.setValue('eventTypeId', '2'));
    await vi.waitFor(() => expect(form?.getValues('eventHistoryTypeId')).toBeNull());
    expect(await offered()).toEqual(['Recibida']);
  });

  it('keeps an outcome the new type admits', async () => {
    render(<Harness values={{ eventTypeId: '1', eventSubTypeId: null, eventHistoryTypeId: '11' }} />);
    act(() => form?.setValue('eventTypeId', '2'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(form?.getValues('eventHistoryTypeId')).toBe('11');
  });
});
