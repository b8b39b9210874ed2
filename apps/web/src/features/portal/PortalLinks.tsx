import { useAbility } from '@casl/react';
import {
  type AppAbility,
  PORTAL_LINK_DAYS_DEFAULT,
  PORTAL_LINK_MAX_DAYS,
  PORTAL_LINK_STATUS_LABELS,
  type PortalLink,
  type PortalLinkCreated,
  portalLinkCreateSchema,
} from '@cobranzas/shared';
import { Alert, Badge, Button, CopyButton, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandWhatsapp, IconCopy, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { AppModal } from '../../components/resource/AppModal';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { TextField } from '../../components/resource/fields';
import { messageOf } from '../../components/resource/http';
import resource from '../../components/resource/resource.module.css';
import { formatDate } from '../../lib/format';
import { formatDateTime } from '../debts/common/labels';
import { RecordModal } from '../debts/view/RecordModal';
import { TabSection } from '../debts/view/TabSection';
import view from '../debts/view/view.module.css';
import { usePortalLinkActions, usePortalLinks } from './api';
import classes from './portal.module.css';

const STATUS_COLORS: Record<PortalLink['status'], string> = {
  VIGENTE: 'teal',
  VENCIDO: 'gray',
  REVOCADO: 'red',
};

/** The form's «Días de vigencia» as typed, then the API's schema. */
const daysForm = z.object({ days: z.string() }).transform(({ days }, ctx) => {
  const parsed = portalLinkCreateSchema.safeParse({ days: Number(days) });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: ['days'] });
  return z.NEVER;
});

/** What staff send the debtor: the link, and the code in case the page asks for it. */
const invitation = (name: string, made: PortalLinkCreated) =>
  `Hola ${name}: puede consultar su deuda y pagarla en ${made.url} . Si se lo pide, su código es ${made.code} y también su DNI. El enlace vence el ${formatDate(made.expiresAt.slice(0, 10))}.`;

/**
 * The debtor's door to the portal (issue 34), on their file: the links made (status, expiry, last
 * entry), «Crear enlace» (the URL and the short code are shown once, to copy or send by WhatsApp or
 * e-mail) and «Revocar» (its sessions end at once). ADMIN and GENERAL; a CLIENTE never sees the file.
 */
export function PortalLinks({
  debtorId,
  firstName,
  phone,
  email,
}: {
  debtorId: number;
  firstName: string;
  phone: string | null;
  email: string | null;
}) {
  const ability = useAbility<AppAbility>();
  const canAct = ability.can('add', 'debtors');
  const query = usePortalLinks(debtorId);
  const actions = usePortalLinkActions(debtorId);
  const [making, setMaking] = useState(false);
  const [made, setMade] = useState<PortalLinkCreated | null>(null);
  const [revoking, setRevoking] = useState<PortalLink | null>(null);
  const [busy, setBusy] = useState(false);
  const links = query.data?.data ?? [];

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      await actions.revoke(revoking.id);
      notifications.show({ color: 'green', title: 'Enlace revocado', message: 'Sus sesiones terminaron.' });
      setRevoking(null);
    } catch (error) {
      notifications.show({ color: 'red', title: 'No se pudo revocar', message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={resource.card} aria-label="Portal del deudor">
      <TabSection
        title="Portal del deudor"
        count={links.length}
        addLabel={canAct ? 'Crear enlace' : undefined}
        onAdd={canAct ? () => setMaking(true) : undefined}
        query={query}
        empty={links.length === 0 ? 'Todavía no tiene enlaces al portal. Cree uno para enviárselo.' : null}
        modals={
          <>
            {making ? (
              <RecordModal
                title="Crear enlace al portal"
                schema={daysForm}
                defaultValues={{ days: String(PORTAL_LINK_DAYS_DEFAULT) }}
                submitLabel="Crear enlace"
                intro={
                  <p className={view.explain}>
                    El deudor entra con el enlace (o con el código impreso en una carta) y su DNI: ve sus
                    deudas, paga, promete un pago o pide que lo llamen. El enlace y el código se muestran una
                    sola vez.
                  </p>
                }
                onSubmit={async ({ days }) => setMade(await actions.create(days))}
                onClose={() => setMaking(false)}
              >
                <TextField
                  name="days"
                  label="Días de vigencia"
                  description={`Entre 1 y ${PORTAL_LINK_MAX_DAYS}`}
                  inputMode="numeric"
                  required
                />
              </RecordModal>
            ) : null}
            {made ? (
              <CreatedLink
                made={made}
                firstName={firstName}
                phone={phone}
                email={email}
                onClose={() => setMade(null)}
              />
            ) : null}
            <ConfirmModal
              opened={revoking !== null}
              title="Revocar el enlace"
              confirmLabel="Revocar"
              danger
              loading={busy}
              onConfirm={() => void revoke()}
              onCancel={() => setRevoking(null)}
            >
              El enlace y su código dejan de abrir el portal y las sesiones abiertas con él terminan ahora.
              Para volver a darle acceso, cree otro.
            </ConfirmModal>
          </>
        }
      >
        <ul className={classes.links}>
          {links.map((link) => (
            <li key={link.id} className={classes.link}>
              <Badge variant="light" color={STATUS_COLORS[link.status]} radius="sm">
                {PORTAL_LINK_STATUS_LABELS[link.status]}
              </Badge>
              <span>
                Creado el {formatDateTime(link.createdAt)}
                {link.createdByName ? ` por ${link.createdByName}` : ''} ·{' '}
                {link.status === 'REVOCADO' && link.revokedAt
                  ? `revocado el ${formatDateTime(link.revokedAt)}${link.revokedByName ? ` por ${link.revokedByName}` : ''}`
                  : `${link.status === 'VENCIDO' ? 'venció' : 'vence'} el ${formatDateTime(link.expiresAt)}`}
                {' · '}
                {link.lastUsedAt ? `último ingreso el ${formatDateTime(link.lastUsedAt)}` : 'nunca usado'}
              </span>
              {canAct && link.status === 'VIGENTE' ? (
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRevoking(link)}>
                  Revocar
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </TabSection>
    </section>
  );
}

/** The new link, once: copy it, or send it by WhatsApp or e-mail with a message that says what it is. */
function CreatedLink({
  made,
  firstName,
  phone,
  email,
  onClose,
}: {
  made: PortalLinkCreated;
  firstName: string;
  phone: string | null;
  email: string | null;
  onClose: () => void;
}) {
  const text = invitation(firstName, made);
  const digits = phone?.replace(/\D/g, '') ?? '';
  // wa.me wants the international number: Argentina's 54 and 9 for a mobile, then area and number.
  const whatsapp = `https://wa.me/${digits.length >= 10 ? `549${digits.slice(-10)}` : ''}?text=${encodeURIComponent(text)}`;
  const mail = `mailto:${email ?? ''}?subject=${encodeURIComponent('Su deuda: consulta y pago en línea')}&body=${encodeURIComponent(text)}`;
  return (
    <AppModal opened onClose={onClose} title="Enlace creado" size="lg">
      <Alert color="yellow" variant="light" mb="md">
        Cópielo o envíelo ahora: por seguridad no se vuelve a mostrar.
      </Alert>
      <Copyable label="Enlace personal" value={made.url} />
      <Copyable label="Código para cartas y teléfono" value={made.code} />
      <p className={view.explain}>Vence el {formatDateTime(made.expiresAt)}.</p>
      <Group mt="md" gap="sm">
        <Button
          component="a"
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconBrandWhatsapp size={18} />}
          color="green.8"
        >
          Enviar por WhatsApp
        </Button>
        <Button component="a" href={mail} variant="default" leftSection={<IconMail size={18} />}>
          Enviar por correo
        </Button>
        <Button variant="default" onClick={onClose} ml="auto">
          Listo
        </Button>
      </Group>
      <p className={classes.preview}>Mensaje: {text}</p>
    </AppModal>
  );
}

function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <Group align="flex-end" gap="xs" mb="sm" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        className={classes.grow}
        onFocus={(e) => e.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant="default"
            onClick={copy}
            leftSection={<IconCopy size={16} />}
            aria-label={`Copiar ${label}`}
          >
            {copied ? 'Copiado' : 'Copiar'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
