import '@mantine/core/styles/NumberInput.css';
import { WholeNumberField } from '../../components/resource/fields';

/** CCyC 2560 and 2562: the help under the field, said once. */
export const PRESCRIPTION_HELP =
  '5 años (CCyC 2560); 2 años para lo que se paga por períodos menores a un año (CCyC 2562)';

/** «Años de prescripción» of a collection type (issue 37): a whole number from 1 to 10. */
export function PrescriptionYearsField() {
  return (
    <WholeNumberField
      name="prescriptionYears"
      label="Años de prescripción"
      description={PRESCRIPTION_HELP}
      withAsterisk
      min={1}
      max={10}
    />
  );
}
