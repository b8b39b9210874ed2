import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

/**
 * What the API refused to log (issue 18): a warning the user may accept («Registrar igual», focused so
 * Enter confirms), or a rule that cannot be overridden (a closed channel, a cap of attempts).
 */
export function RefusalAlert({
  message,
  onConfirm,
  onDismiss,
  busy,
}: {
  message: string;
  onConfirm: (() => void) | undefined;
  onDismiss: () => void;
  busy: boolean;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirm.current?.focus();
  }, []);
  return (
    <Alert
      color={onConfirm ? 'yellow' : 'red'}
      variant="light"
      role="alert"
      mt="md"
      icon={<IconAlertTriangle size={18} />}
      title={onConfirm ? 'Atención' : 'No se puede registrar'}
    >
      <p style={{ margin: 0 }}>{message}</p>
      {onConfirm ? (
        <Group gap="sm" mt="sm">
          <Button ref={confirm} size="xs" color="yellow.9" onClick={onConfirm} loading={busy}>
            Registrar igual
          </Button>
          <Button size="xs" variant="default" onClick={onDismiss} disabled={busy}>
            Revisar
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
