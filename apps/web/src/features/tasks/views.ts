/** The views, by the key the URL keeps (`?vista=`), with FullCalendar's view type. */
export const VIEWS = {
  mes: { type: 'dayGridMonth', label: 'Mes' },
  semana: { type: 'timeGridWeek', label: 'Semana' },
  dia: { type: 'timeGridDay', label: 'Día' },
  lista: { type: 'listWeek', label: 'Lista' },
} as const;
export type ViewKey = keyof typeof VIEWS;

export const isViewKey = (value: string | null): value is ViewKey =>
  value !== null && Object.hasOwn(VIEWS, value);

export function viewKeyOf(type: string): ViewKey {
  const entry = Object.entries(VIEWS).find(([, view]) => view.type === type);
  return (entry?.[0] as ViewKey | undefined) ?? 'mes';
}

/** Phones (under 576 px, SPEC §9's first breakpoint) start on the list; wider screens on the month. */
export const PHONE_QUERY = '(max-width: 575.98px)';
