import { PlaceholderPage } from '../../components/PlaceholderPage';

export function CalendarPage() {
  return <PlaceholderPage title="Agenda" />;
}
