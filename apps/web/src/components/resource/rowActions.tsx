import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { PHONE_UP } from '../../lib/breakpoints';

/** A column shown only from phone width up, unless it is one of the few kept on phones. */
export const onPhone = <C extends object>(column: C, keep: boolean | undefined) =>
  keep ? column : { ...column, visibleMediaQuery: PHONE_UP };

/** The trash button of a row (lists and a debt's records alike): named after the record. */
export function DeleteButton({
  name,
  onClick,
}: {
  name: string;
  onClick: (event: React.MouseEvent) => void;
}) {
  return (
    <Tooltip label="Eliminar" withinPortal>
      <ActionIcon variant="subtle" color="red.8" aria-label={`Eliminar ${name}`} onClick={onClick}>
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
