import { activeLabel } from '../../lib/format';
import classes from './resource.module.css';

/** Activo / Inactivo in a list cell (own colours: Mantine's light badges fail AA contrast). */
export function ActiveBadge({ active, feminine = false }: { active: boolean; feminine?: boolean }) {
  return (
    <span className={classes.status} data-active={active}>
      {activeLabel(active, feminine)}
    </span>
  );
}
