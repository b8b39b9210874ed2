import { Link } from 'react-router';
import notFoundImage from '../assets/not-found.svg';
import classes from './NotFoundPage.module.css';

/** SPEC §2: an unknown path shows a not-found image inside the layout. */
export function NotFoundPage() {
  return (
    <section className={classes.root}>
      <img
        src={notFoundImage}
        alt="Página no encontrada"
        width={320}
        height={220}
        className={classes.image}
      />
      <h1 className={classes.title}>Página no encontrada</h1>
      <p className={classes.text}>La dirección que buscó no existe o fue movida.</p>
      <Link to="/" className={classes.link}>
        Volver al inicio
      </Link>
    </section>
  );
}
