import { Alert, Button, Skeleton, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconLock, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ForbiddenNotice } from '../RequirePermission';
import classes from './resource.module.css';

/** The first load of a list: grey rows where the table will be. */
export function TableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className={classes.skeleton} role="status" aria-busy="true">
      <VisuallyHidden>Cargando la lista…</VisuallyHidden>
      <Skeleton height={28} width="100%" />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
        <Skeleton key={index} height={22} width={`${92 - (index % 3) * 9}%`} />
      ))}
    </div>
  );
}

export function EmptyList({ filtered, text }: { filtered: boolean; text?: string | undefined }) {
  return (
    <div className={classes.empty}>
      <IconMoodEmpty size={36} stroke={1.4} aria-hidden="true" />
      <p className={classes.emptyTitle}>No hay registros para mostrar</p>
      <p className={classes.emptyText}>
        {filtered
          ? 'Pruebe con otra búsqueda o quite los filtros.'
          : (text ?? 'Todavía no se cargó ninguno.')}
      </p>
    </div>
  );
}

/** The API refused (403): the fixed text of SPEC §8, inside the page. */
export function ForbiddenState() {
  return (
    <div className={classes.notice}>
      <ForbiddenNotice />
    </div>
  );
}

/** A boxed message: a dark title and text on a tinted background (readable, WCAG AA). */
export function Callout({
  tone,
  title,
  children,
  className,
}: {
  tone: 'warning' | 'error';
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`${classes.callout} ${className ?? ''}`} data-tone={tone} role="alert">
      <p className={classes.calloutTitle}>{title}</p>
      {children}
    </div>
  );
}

export function MissingRecord({ listPath }: { listPath: string }) {
  return (
    <Callout tone="warning" title="El registro no existe">
      <p>El registro que buscó no existe o fue eliminado.</p>
      <Button component={Link} to={listPath} variant="default">
        Volver a la lista
      </Button>
    </Callout>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Callout tone="error" title="No se pudieron cargar los datos">
      <p>{message}</p>
      <Button variant="default" onClick={onRetry}>
        Reintentar
      </Button>
    </Callout>
  );
}

/** A record that does not exist or is not the user's (a 404 says both): what happened and the way back. */
export function NoRecord({
  title,
  text,
  back,
}: {
  title: string;
  text: string;
  back: { to: string; label: string };
}) {
  return (
    <Alert
      className={classes.noRecord}
      color="orange"
      variant="light"
      icon={<IconLock size={20} />}
      title={title}
    >
      <p>{text}</p>
      <Button component={Link} to={back.to} variant="light" mt="xs" leftSection={<IconArrowLeft size={16} />}>
        {back.label}
      </Button>
    </Alert>
  );
}
