/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { download, type FieldErrors } from './api';
import { type Currency, money } from './format';
import { useSubmit } from './hooks';

/** A labelled input with its hint and its errors, tied by aria-describedby. */
export function Field(props: {
  id: string;
  label: string;
  hint?: ComponentChildren;
  errors?: string[] | undefined;
  children: (aria: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: 'true' }) => ComponentChildren;
}) {
  const { id, label, hint, errors } = props;
  const described = [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {props.children({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(errors?.length ? { 'aria-invalid': 'true' as const } : {}),
      })}
      {hint ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p class="field-error" id={`${id}-error`} role="alert">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

/** The general error of a form, plus the API's field errors that no field of the form shows. */
export function FormError(props: { error: string | null; fields?: FieldErrors; shown?: string[] }) {
  const extra = Object.entries(props.fields ?? {})
    .filter(([field]) => !props.shown?.includes(field))
    .flatMap(([, messages]) => messages);
  const lines = [...(props.error ? [props.error] : []), ...extra];
  if (lines.length === 0) return null;
  return (
    <div class="alert" role="alert">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/**
 * «Copiar» for a value: the clipboard when the browser lets the page use it; else the value is
 * selected on screen, to copy by hand.
 */
export function CopyButton(props: { value: string; label: string; target: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'selected'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setState('copied');
    } catch {
      const element = document.getElementById(props.target);
      const selection = window.getSelection();
      if (element && selection) {
        const range = document.createRange();
        range.selectNodeContents(element);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setState('selected');
    }
    setTimeout(() => setState('idle'), 4000);
  };
  return (
    <>
      <button type="button" class="secondary small" onClick={copy} aria-label={`Copiar ${props.label}`}>
        {state === 'copied' ? 'Copiado' : 'Copiar'}
      </button>
      <span class={state === 'selected' ? 'copy-note' : 'sr-only'} aria-live="polite">
        {state === 'copied'
          ? `${props.label} copiado.`
          : state === 'selected'
            ? `${props.label} seleccionado: cópielo con el menú de su teléfono o con Ctrl+C.`
            : ''}
      </span>
    </>
  );
}

/** An amount that never breaks across lines («$ 25.000,00» stays whole). */
export function Money(props: { value: string; currency: Currency }) {
  return <span class="money">{money(props.value, props.currency)}</span>;
}

/** A PDF through the session's token (a receipt, an agreement's terms), saved as `name`. */
export function DownloadButton(props: { path: string; name: string; label: string; primary?: boolean }) {
  const { sending, error, run } = useSubmit();
  return (
    <>
      <button
        type="button"
        class={props.primary ? 'block' : 'secondary block'}
        disabled={sending}
        onClick={() => run(() => download(props.path, props.name))}
      >
        {sending ? 'Descargando…' : props.label}
      </button>
      <FormError error={error} />
    </>
  );
}
