import { useState } from 'react';
import classes from './LoginPage.module.css';

/** A password input with a show/hide button. */
export function PasswordField({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={classes.passwordWrapper}>
      <input
        id={id}
        name="password"
        type={visible ? 'text' : 'password'}
        className={classes.input}
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
      />
      <button
        type="button"
        className={classes.toggle}
        // Not "contraseña": the field's own label must stay the only match for it.
        aria-label={visible ? 'Ocultar la clave' : 'Mostrar la clave'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
          <circle cx="12" cy="12" r="3" />
          {visible ? null : <path d="M4 4l16 16" />}
        </svg>
      </button>
    </div>
  );
}
