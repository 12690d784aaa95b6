import { normalizeDecimal } from '../../domain/normalize-decimal';
import { roundUpToStep } from '../../domain/round-up-to-step';
import { Field } from './field';
import { fieldStyles } from './field-styles';

export interface DecimalInputProps {
  label: string;
  /** Normalised text with a dot ("12.5"), so no float touches the value. */
  value: string;
  onValueChange: (valor: string) => void;
  step?: number | string;
  negative?: boolean;
  disabled?: boolean;
}

/** Spec 01 §5: comma → dot, non-numeric removed; with a step, rounded UP to a multiple on blur. */
export function DecimalInput({ label, value, onValueChange, step, negative, disabled }: DecimalInputProps) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          className={fieldStyles.input}
          inputMode="decimal"
          value={value}
          disabled={disabled}
          onChange={(e) => onValueChange(normalizeDecimal(e.target.value, { negative }))}
          onBlur={() => {
            if (step !== undefined) {
              const arredondado = roundUpToStep(value, step);
              if (arredondado !== value) onValueChange(arredondado);
            }
          }}
        />
      )}
    </Field>
  );
}
