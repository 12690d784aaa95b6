import { clampNumber } from '../../domain/clamp-number';
import { formatNumberBr } from '../../domain/format-number-br';
import { normalizeDecimal } from '../../domain/normalize-decimal';
import { Field } from './field';
import { fieldStyles } from './field-styles';
import { useExternalValue } from './use-external-value';

export interface NumberInputProps {
  label: string;
  value: number;
  onValueChange: (valor: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
}

/**
 * Spec 01 §5 number input: clamped to min/max and 0 when not numeric. The value counts while typing (Alt+X
 * or Ctrl+S without leaving the field use it); the text is shown clamped and formatted on leaving.
 */
export function NumberInput({ label, value, onValueChange, min, max, disabled }: NumberInputProps) {
  const campo = useExternalValue(value, (v) => formatNumberBr(v));
  const ler = (texto: string) => clampNumber(normalizeDecimal(texto, { negative: (min ?? 0) < 0 }), min, max);
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          className={fieldStyles.input}
          inputMode="numeric"
          value={campo.texto}
          disabled={disabled}
          onChange={(e) => {
            campo.setTexto(e.target.value);
            const n = ler(e.target.value);
            campo.informar(n);
            if (n !== value) onValueChange(n);
          }}
          onBlur={() => campo.reformatar(value)}
        />
      )}
    </Field>
  );
}
