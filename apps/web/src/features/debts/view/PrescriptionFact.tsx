import type { Debt } from '@cobranzas/shared';
import { Popover, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import {
  noDateText,
  PRESCRIPTION_TONES,
  prescriptionExplanation,
  prescriptionUrgency,
  urgencyText,
  usePrescription,
} from '../common/prescription';
import classes from './view.module.css';

/**
 * «Prescribe» in the debt's header (issue 37): the last day its claim can be brought, red when it is
 * gone and orange within PRESCRIPTION_WARNING_DAYS (said in words too), and why that day — the term,
 * where it runs from, a suspension, a pending case — on hover, or on a tap or Enter (phones, keyboard).
 */
export function PrescriptionFact({ debt }: { debt: Debt }) {
  const query = usePrescription(debt.id);
  const [hover, setHover] = useState(false);
  const [pinned, setPinned] = useState(false);
  const urgency = prescriptionUrgency(debt);
  const value = debt.prescribesOn
    ? `${formatDate(debt.prescribesOn)}${urgency ? ` (${urgencyText(urgency)})` : ''}`
    : query.isError
      ? '—'
      : noDateText(query.data);
  const opened = hover || pinned;
  const explanation = !opened
    ? null
    : query.data
      ? prescriptionExplanation(query.data, debt)
      : query.isError
        ? 'No se pudo leer el cálculo de la prescripción.'
        : 'Calculando…';
  // Only a mouse opens it by passing over: a tap is a click, which pins it open (or closes it).
  const onMouse = (open: boolean) => (event: { pointerType: string }) => {
    if (event.pointerType === 'mouse') setHover(open);
  };
  const close = () => {
    setHover(false);
    setPinned(false);
  };

  return (
    <div className={classes.fact}>
      <dt>Prescribe</dt>
      <dd>
        <Popover
          opened={opened}
          onChange={(opened) => (opened ? undefined : close())}
          position="bottom-start"
          width={300}
          shadow="md"
          withArrow
        >
          <Popover.Target>
            <UnstyledButton
              className={classes.factButton}
              data-tone={urgency ? PRESCRIPTION_TONES[urgency.level] : undefined}
              onPointerEnter={onMouse(true)}
              onPointerLeave={onMouse(false)}
              onClick={() => setPinned((value) => !value)}
            >
              {value}
              <IconInfoCircle size={14} aria-hidden="true" />
              <VisuallyHidden>(ver por qué)</VisuallyHidden>
            </UnstyledButton>
          </Popover.Target>
          <Popover.Dropdown className={classes.factNote}>{explanation}</Popover.Dropdown>
        </Popover>
      </dd>
    </div>
  );
}
