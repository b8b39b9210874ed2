/** @jsxImportSource preact */
import type { PortalSession } from '@cobranzas/shared';
import { formatShortCode, normalizeShortCode } from '@cobranzas/shared/portal';
import { useState } from 'preact/hooks';
import { post } from './api';
import { useFocus, useSubmit } from './hooks';
import { Field, FormError } from './ui';

/**
 * The door: with the personal link's token (taken from the URL's #) only the DNI is asked; otherwise
 * the code printed on the letter and the DNI. The API's answers are Spanish and shown as they come.
 */
export function Entry(props: {
  link: string | null;
  notice: { text: string; kind: 'alert' | 'status' } | null;
  onEnter: (session: PortalSession) => void;
}) {
  const [withLink, setWithLink] = useState(props.link !== null);
  const [code, setCode] = useState('');
  const [dni, setDni] = useState('');
  const [local, setLocal] = useState<Record<string, string[]>>({});
  const { sending, error, fields, run } = useSubmit();
  const heading = useFocus<HTMLHeadingElement>(props.notice);
  const errors = { ...fields, ...local };

  const submit = async (event: Event) => {
    event.preventDefault();
    const missing: Record<string, string[]> = {};
    if (!withLink && !normalizeShortCode(code)) missing.code = ['Ingrese el código de su carta.'];
    if (!dni.trim()) missing.dni = ['Ingrese su DNI.'];
    setLocal(missing);
    if (Object.keys(missing).length > 0) return;
    const typed = withLink && props.link ? props.link : normalizeShortCode(code);
    await run(async () =>
      props.onEnter(await post<PortalSession>('/session', { code: typed, dni: dni.trim() })),
    );
  };

  return (
    <main class="wrap" id="main">
      <h1 ref={heading} tabIndex={-1}>
        {withLink ? 'Confirme que es usted' : 'Ingrese para ver sus deudas'}
      </h1>
      {props.notice ? (
        <p class={props.notice.kind === 'alert' ? 'alert' : 'success'} role={props.notice.kind}>
          {props.notice.text}
        </p>
      ) : null}
      <form class="card" onSubmit={submit} noValidate>
        <p class="lead">
          {withLink
            ? 'Para proteger sus datos, escriba su DNI.'
            : 'Escriba el código que figura en la carta que recibió y su DNI.'}
        </p>
        {withLink ? null : (
          <Field id="code" label="Código de la carta" hint="Por ejemplo: ABCDE-FGHJK" errors={errors.code}>
            {(aria) => (
              <input
                {...aria}
                name="code"
                value={code}
                autoComplete="off"
                autoCapitalize="characters"
                spellcheck={false}
                maxLength={100}
                onInput={(event) => setCode(event.currentTarget.value)}
                onBlur={() => setCode((typed) => formatShortCode(normalizeShortCode(typed)))}
              />
            )}
          </Field>
        )}
        <Field id="dni" label="DNI" hint="Solo los números, sin puntos." errors={errors.dni}>
          {(aria) => (
            <input
              {...aria}
              name="dni"
              value={dni}
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              onInput={(event) => setDni(event.currentTarget.value)}
            />
          )}
        </Field>
        <FormError error={error} fields={fields} shown={withLink ? ['dni'] : ['code', 'dni']} />
        <button type="submit" class="block" disabled={sending}>
          {sending ? 'Ingresando…' : 'Ingresar'}
        </button>
        {props.link ? (
          <button type="button" class="link" onClick={() => setWithLink((value) => !value)}>
            {withLink ? 'Prefiero usar el código de mi carta' : 'Usar el enlace que recibí'}
          </button>
        ) : null}
      </form>
      <p class="muted">
        ¿No tiene el código? Comuníquese con la agencia que le envió la carta o el mensaje: le darán uno
        nuevo.
      </p>
    </main>
  );
}
