import { TextField } from '../../components/resource/fields';

/**
 * The commission of the extrajudicial and judicial stages when it differs from the company's
 * (issue 19: judicial collections usually carry another fee). Empty: the general commission.
 */
export function StageCommissionFields() {
  return (
    <>
      <TextField
        name="commissionRateExtrajudicial"
        label="Comisión extrajudicial"
        inputMode="decimal"
        rightSection="%"
        placeholder="La comisión general"
        description="Vacío: la comisión general."
      />
      <TextField
        name="commissionRateJudicial"
        label="Comisión judicial"
        inputMode="decimal"
        rightSection="%"
        placeholder="La comisión general"
        description="Vacío: la comisión general."
      />
    </>
  );
}
