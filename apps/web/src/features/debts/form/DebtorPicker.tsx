import type { Debtor } from '@cobranzas/shared';
import { Alert, Button, TextInput } from '@mantine/core';
import { IconSearch, IconUserSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { messageOf, statusOf } from '../../../components/resource/http';
import { debtorByDni } from '../common/api';
import { usePermissions } from '../common/hooks';
import { DebtorCard, type DebtorSummary } from '../search/DebtorCard';
import classes from './form.module.css';
import { InlineDebtor } from './InlineDebtor';

type Lookup = { state: 'idle' | 'searching' | 'notFound' } | { state: 'failed'; message: string };

/** Finds the debtor by DNI/CUIT (GET /debtors/dni/{dni}) or creates one inline. */
export function DebtorPicker({
  debtor,
  onChange,
  error,
  initialDni,
}: {
  debtor: DebtorSummary | null;
  onChange: (debtor: Debtor | null) => void;
  error: string | undefined;
  initialDni: string;
}) {
  const perms = usePermissions();
  const [dni, setDni] = useState(initialDni);
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [searched, setSearched] = useState('');
  const input = useRef<HTMLInputElement>(null);

  async function search(value: string) {
    if (!/^\d{7,11}$/.test(value)) {
      setLookup({ state: 'failed', message: 'Ingrese un DNI (7 u 8 dígitos) o un CUIT (11 dígitos).' });
      return;
    }
    setSearched(value);
    setLookup({ state: 'searching' });
    try {
      onChange(await debtorByDni(value));
      setLookup({ state: 'idle' });
    } catch (failure) {
      if (statusOf(failure) === 404) setLookup({ state: 'notFound' });
      else setLookup({ state: 'failed', message: messageOf(failure) });
    }
  }

  // Arriving from the search's "Crear deudor y deuda" (?dni=): look it up at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (initialDni && !debtor) void search(initialDni);
  }, []);

  if (debtor) {
    return (
      <div className={classes.picked}>
        <DebtorCard debtor={debtor} linkToRecord={false} />
        <Button
          variant="default"
          size="xs"
          className={classes.change}
          onClick={() => {
            onChange(null);
            setTimeout(() => input.current?.focus());
          }}
        >
          Cambiar deudor
        </Button>
      </div>
    );
  }

  return (
    <div className={classes.picker}>
      <div className={classes.lookup}>
        <TextInput
          ref={input}
          className={classes.dni}
          label="DNI o CUIT del deudor"
          placeholder="Solo números"
          inputMode="numeric"
          autoComplete="off"
          value={dni}
          onChange={(event) => setDni(event.currentTarget.value.replace(/\D/g, '').slice(0, 11))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void search(dni);
            }
          }}
          error={lookup.state === 'failed' ? lookup.message : error}
          withAsterisk
        />
        <Button
          onClick={() => void search(dni)}
          loading={lookup.state === 'searching'}
          leftSection={<IconSearch size={16} />}
          className={classes.lookupButton}
        >
          Buscar deudor
        </Button>
      </div>
      {lookup.state === 'notFound' ? (
        perms.addDebtors ? (
          <>
            <p className={classes.notFound}>
              <IconUserSearch size={18} aria-hidden="true" /> No hay un deudor con DNI/CUIT {searched}:
              cárguelo aquí.
            </p>
            <InlineDebtor key={searched} searched={searched} onCreated={onChange} />
          </>
        ) : (
          <Alert color="orange" variant="light" mt="sm">
            No hay un deudor con DNI/CUIT {searched}.
          </Alert>
        )
      ) : null}
    </div>
  );
}
