import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from './AppModal';

/** A yes/no dialog. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancelar',
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AppModal
      opened={opened}
      onClose={onCancel}
      title={title}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
    >
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        {/* Focus starts on the safe choice: Enter must not delete or discard by accident. */}
        <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red.8' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </AppModal>
  );
}
