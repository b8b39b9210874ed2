/** @jsxImportSource preact */
import type { PortalOverview } from '@cobranzas/shared';
import { useState } from 'preact/hooks';
import { post } from './api';
import { useFocus, useSubmit } from './hooks';
import { FormError } from './ui';

type Channel = PortalOverview['channels'][number];

/** The agency's name, phone (tel:), e-mail (mailto:) and hours. */
export function Contact({ agency }: { agency: PortalOverview['agency'] }) {
  return (
    <section aria-labelledby="contact-title">
      <h2 id="contact-title">Contacto de la agencia</h2>
      <div class="card">
        <p class="strong">{agency.name}</p>
        <p>Atendemos {agency.hours}.</p>
        <div class="stack">
          {agency.phone ? (
            <a class="button secondary" href={`tel:${agency.phone.replace(/[^\d+]/g, '')}`}>
              Llamar al {agency.phone}
            </a>
          ) : null}
          {agency.email ? (
            <a class="button secondary" href={`mailto:${agency.email}`}>
              Escribir a {agency.email.split('@')[0]}@
              <wbr />
              {agency.email.split('@').slice(1).join('@')}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The debtor's channels, each with its own opt-out (confirmed first). */
export function Channels(props: { channels: Channel[]; onChanged: (channels: Channel[]) => void }) {
  const [done, setDone] = useState<string | null>(null);
  if (props.channels.length === 0) return null;
  return (
    <section aria-labelledby="channels-title">
      <h2 id="channels-title">Cómo lo contactamos</h2>
      <p class="muted">
        Si no quiere que lo contactemos por alguno de estos medios, puede darlo de baja. Seguirá pudiendo
        entrar aquí y comunicarse con nosotros.
      </p>
      {done ? (
        <p class="success" role="status">
          {done}
        </p>
      ) : null}
      <ul class="plain">
        {props.channels.map((channel) => (
          <ChannelItem
            key={channel.channel}
            channel={channel}
            onClosed={(channels) => {
              setDone(`Listo: no lo contactaremos más por ${lower(channel.label)}.`);
              props.onChanged(channels);
            }}
          />
        ))}
      </ul>
    </section>
  );
}

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

function ChannelItem(props: { channel: Channel; onClosed: (channels: Channel[]) => void }) {
  const { channel } = props;
  const [asking, setAsking] = useState(false);
  const { sending, error, run } = useSubmit();
  const question = useFocus<HTMLParagraphElement>(asking);
  const id = `channel-${channel.channel}`;
  const confirm = () =>
    run(async () => {
      const answer = await post<{ channels: Channel[] }>('/opt-out', { channel: channel.channel });
      setAsking(false);
      props.onClosed(answer.channels);
    });
  return (
    <li class="card">
      <p class="strong" id={id}>
        {channel.label}
      </p>
      {channel.closed ? (
        <p>
          <span class="badge muted-badge">Dado de baja</span> No lo contactamos por este medio.
        </p>
      ) : asking ? (
        <div class="confirm">
          <p ref={question} tabIndex={-1}>
            ¿Confirma que no quiere que lo contactemos por este medio ({lower(channel.label)})?
          </p>
          <FormError error={error} />
          <div class="stack">
            <button type="button" onClick={confirm} disabled={sending}>
              {sending ? 'Enviando…' : 'Sí, no quiero que me contacten por este medio'}
            </button>
            <button type="button" class="secondary" onClick={() => setAsking(false)} disabled={sending}>
              Cancelar
            </button>
          </div>
        </div>
      ) : (
        <button type="button" class="secondary block" aria-describedby={id} onClick={() => setAsking(true)}>
          No quiero que me contacten por este medio
        </button>
      )}
    </li>
  );
}
