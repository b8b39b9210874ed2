import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { PHONE_UP } from '../../lib/breakpoints';

/** A column shown only from phone width up, unless it is one of the few kept on phones. */
export const onPhone = <C extends object>(column: C, keep: boolean | undefined) =>
  keep ? column : { ...column, visibleMediaQuery: PHONE_UP };

/**
 * The trash button of a row (lists and a debt's records alike): named after the record. With
 * `lockedReason` it stays in place but disabled, the reason as its tooltip.
 */
export function DeleteButton({
  name,
  onClick,
  lockedReason,
}: {
  name: string;
  onClick: (event: React.MouseEvent) => void;
  lockedReason?: string | null | undefined;
}) {
  if (lockedReason)
    return (
      <Tooltip label={lockedReason} withinPortal>
        {/* data-disabled, not disabled: a disabled button gets no hover, so no tooltip. */}
        <ActionIcon
          variant="subtle"
          color="gray"
          data-disabled
          aria-disabled="true"
          aria-label={`Eliminar ${name}: ${lockedReason}`}
          onClick={(event) => event.preventDefault()}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    );
  return (
    <Tooltip label="Eliminar" withinPortal>
      <ActionIcon variant="subtle" color="red.8" aria-label={`Eliminar ${name}`} onClick={onClick}>
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
