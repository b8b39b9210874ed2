/**
 * An instant from the wire (ISO 8601, DESIGN.md §7) as the Date a timestamp column takes; null and
 * absent stay as they are, so a PATCH that did not send it does not write it.
 */
export function instantOf<V extends string | null | undefined>(value: V): Exclude<V, string> | Date {
  return (typeof value === 'string' ? new Date(value) : value) as Exclude<V, string> | Date;
}
