import { formatMoney } from '@cobranzas/shared';
import { createContext, useCallback, useContext } from 'react';

type Currency = 'ARS' | 'USD';
const CurrencyContext = createContext<Currency>('ARS');

/** The open debt's currency, for everything shown inside its file. */
export const DebtCurrency = CurrencyContext.Provider;

/** Formats amounts in the open debt's currency: "$ 1.234,56" or "US$ 1.234,56". */
export function useMoney() {
  const currency = useContext(CurrencyContext);
  return useCallback((value: string | null | undefined) => formatMoney(value, currency), [currency]);
}
