/**
 * The contact type each user logged last on this device (localStorage, per user id): the dialog
 * starts from it; without one, from the type the API suggests (the user's most common lately).
 */
const key = (userId: number) => `gestion.ultimoTipo.${userId}`;

export function lastEventType(userId: number | undefined): string | null {
  if (userId === undefined) return null;
  try {
    return localStorage.getItem(key(userId));
  } catch {
    return null;
  }
}

export function rememberEventType(userId: number | undefined, eventTypeId: number): void {
  if (userId === undefined) return;
  try {
    localStorage.setItem(key(userId), String(eventTypeId));
  } catch {
    // Private mode or a full storage: the dialog falls back to the API's suggestion.
  }
}

/** The first of `candidates` that is one of the catalog's `options` (a type may have been deleted). */
export function startingType(
  options: readonly { value: string }[],
  ...candidates: (string | number | null | undefined)[]
): string | null {
  for (const candidate of candidates) {
    if (candidate === null || candidate === undefined) continue;
    const value = String(candidate);
    if (options.some((option) => option.value === value)) return value;
  }
  return null;
}
