import { type FormEvent, useId, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { WelcomeState } from '../../app/layout/useWelcomeToast';
import logo from '../../assets/logo.svg';
import { config } from '../../lib/config';
import { session } from '../../lib/session';
import { useSession } from '../../lib/useSession';
import classes from './LoginPage.module.css';
import { loginErrorMessage } from './loginError';
import { PasswordField } from './PasswordField';

/** Starts loading the HTTP client once the user engages with the form (it is not in the first load). */
function prefetchApi(): void {
  void import('../../lib/api');
}

/** Only same-app paths (never /login itself, never protocol-relative URLs). */
function afterLoginPath(): string {
  const saved = session.lastLocation();
  if (saved && /^\/(?!\/)/.test(saved) && !/^\/login(?:[/?#]|$)/.test(saved)) return saved;
  return '/';
}

/**
 * SPEC §1–§2 login page. Plain elements styled like the Mantine theme: this page has a size
 * budget, and Mantine's runtime and CSS load with the layout instead.
 */
export function LoginPage() {
  const { isLogin } = useSession();
  const navigate = useNavigate();
  const [alias, setAlias] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  // Set while our own submit signs in, so the "already signed in" redirect does not race it.
  const signingIn = useRef(false);
  const aliasId = useId();
  const passwordId = useId();
  const errorId = useId();

  if (isLogin && !signingIn.current) return <Navigate to="/" replace />;

  // SPEC §5: the button needs a username; the password check repeats the username test.
  const usernameValid = alias.trim() !== '';
  const passwordValid = usernameValid;
  const invalid = error !== '';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading || !usernameValid || !passwordValid) return;
    setError('');
    setLoading(true);
    signingIn.current = true;
    try {
      await session.login(alias, password);
      navigate(afterLoginPath(), { replace: true, state: { welcome: true } satisfies WelcomeState });
    } catch (err) {
      signingIn.current = false;
      setError(loginErrorMessage(err));
      setLoading(false);
    }
  }

  return (
    <div className={classes.page}>
      <main className={classes.main}>
        <div className={classes.card}>
          <img src={logo} alt="Cobranzas" width={232} height={48} className={classes.logo} />
          <h1 className={classes.title}>Bienvenido a Cobranzas</h1>
          <p className={classes.subtitle}>Ingrese con su usuario y contraseña para continuar.</p>

          <form
            className={classes.form}
            onSubmit={onSubmit}
            onFocus={prefetchApi}
            noValidate
            aria-label="Ingreso"
          >
            <div className={classes.field}>
              <label htmlFor={aliasId} className={classes.label}>
                usuario
              </label>
              <input
                id={aliasId}
                name="alias"
                type="text"
                className={classes.input}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={alias}
                onChange={(event) => setAlias(event.currentTarget.value)}
                aria-invalid={invalid}
                aria-describedby={invalid ? errorId : undefined}
              />
            </div>

            <div className={classes.field}>
              <label htmlFor={passwordId} className={classes.label}>
                Contraseña
              </label>
              <PasswordField
                id={passwordId}
                value={password}
                onChange={setPassword}
                invalid={invalid}
                describedBy={invalid ? errorId : undefined}
              />
            </div>

            {invalid ? (
              <div id={errorId} role="alert" className={classes.error}>
                {error}
              </div>
            ) : null}

            <button type="submit" className={classes.submit} disabled={!usernameValid} aria-busy={loading}>
              {loading ? (
                <span className={classes.spinner} data-testid="login-spinner" aria-hidden="true" />
              ) : null}
              Ingresar
            </button>
          </form>

          <div className={classes.contact}>
            <p>¿Necesita ayuda? Comuníquese con nosotros:</p>
            <p className={classes.contactLinks}>
              <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
              <a href={`tel:${config.contactPhone.replace(/[^\d+]/g, '')}`}>{config.contactPhone}</a>
            </p>
          </div>
        </div>
      </main>
      <footer className={classes.footer}>
        <p>© 2023 Cobranzas. Todos los derechos reservados.</p>
        <a href="/terminos.html" target="_blank" rel="noopener noreferrer">
          Términos y condiciones
        </a>
      </footer>
    </div>
  );
}
