import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf, messageOf } from './http';

/**
 * Puts a 400/409 answer's `errors` ({field: [msg]}) under the fields of the form, focusing the
 * first. Returns the message to show above the buttons when no field could take it, else null.
 */
export function applyServerErrors<V extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<V>,
  fields: string[],
): string | null {
  let placed = 0;
  for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
    const message = Array.isArray(messages) ? messages[0] : undefined;
    if (!message || !fields.includes(field)) continue;
    setError(field as Path<V>, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed++;
  }
  return placed > 0 ? null : messageOf(error);
}
