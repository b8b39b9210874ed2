/** @jsxImportSource preact */
import type { PortalSession } from '@cobranzas/shared';
import { PORTAL_MESSAGES } from '@cobranzas/shared/portal';
import { useEffect, useState } from 'preact/hooks';
import { onSessionEnded, session } from './api';
import { Entry } from './Entry';
import { takeLink } from './link';
import { Portal } from './Portal';

type Notice = { text: string; kind: 'alert' | 'status' } | null;
const BROKEN: Notice = {
  text: 'El enlace está incompleto. Ingrese con el código de su carta y su DNI.',
  kind: 'alert',
};

export function App(props: { link: string | null; brokenLink: boolean; payment: string | null }) {
  // A personal link opens a new session: whatever this tab had (maybe someone else's) is dropped.
  const [token, setToken] = useState<string | null>(() => {
    if (props.link) session.clear();
    return session.get();
  });
  const [firstName, setFirstName] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(props.brokenLink ? BROKEN : null);
  const [payment, setPayment] = useState(props.payment);
  const [link, setLink] = useState(props.link);

  // A link opened while the page is already open (pasted into this tab): same as a fresh visit.
  useEffect(() => {
    const changed = () => {
      const taken = takeLink();
      if (!taken.link && !taken.broken) return;
      if (taken.link) session.clear();
      setToken(taken.link ? null : session.get());
      setLink(taken.link);
      setNotice(taken.broken ? BROKEN : null);
    };
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);

  useEffect(
    () =>
      onSessionEnded(() => {
        setToken(null);
        setNotice({ text: PORTAL_MESSAGES.sessionEnded, kind: 'alert' });
      }),
    [],
  );

  const enter = (opened: PortalSession) => {
    session.set(opened.token);
    setFirstName(opened.firstName);
    setNotice(null);
    setToken(opened.token);
  };
  const exit = () => {
    session.clear();
    setToken(null);
    setFirstName(null);
    setNotice({ text: 'Salió del portal. Puede cerrar esta página.', kind: 'status' });
  };
  const forgetPayment = () => {
    setPayment(null);
    const url = new URL(location.href);
    url.searchParams.delete('pago');
    history.replaceState(history.state, '', `${url.pathname}${url.search}`);
  };

  return token ? (
    <Portal firstName={firstName} payment={payment} onForgetPayment={forgetPayment} onExit={exit} />
  ) : (
    <Entry key={link ?? ''} link={link} notice={notice} onEnter={enter} />
  );
}
