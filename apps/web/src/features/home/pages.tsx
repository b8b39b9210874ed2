import { PlaceholderPage } from '../../components/PlaceholderPage';

export function HomePage() {
  return <PlaceholderPage title="Inicio" />;
}
