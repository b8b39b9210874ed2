import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, type FieldErrors } from './api';

const FAILED = 'Algo salió mal. Intente de nuevo en unos minutos.';

/**
 * A form's sending state: `run` disables it while the call is on, and keeps the API's Spanish message
 * (role="alert" where shown) and its errors per field. A 401 unmounts the form (back to the entry).
 */
export function useSubmit() {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const run = async (action: () => Promise<void>): Promise<boolean> => {
    setSending(true);
    setError(null);
    setFields({});
    try {
      await action();
      return true;
    } catch (caught) {
      if (caught instanceof ApiError) {
        if (caught.ended) return false;
        const fieldCount = Object.keys(caught.errors).length;
        // A 400 (or a file's 413 or 415) with errors per field says it under each field; its general
        // line adds nothing then.
        setError(fieldCount > 0 && [400, 413, 415].includes(caught.status) ? null : caught.message);
        setFields(caught.errors);
      } else {
        setError(FAILED);
      }
      return false;
    } finally {
      setSending(false);
    }
  };
  return { sending, error, fields, setFields, setError, run };
}

/** Focuses the element when `when` turns true (a step's heading, a result). */
export function useFocus<T extends HTMLElement>(when: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
  return ref;
}
