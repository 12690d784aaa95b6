import { useEffect, useState } from 'react';
import { clampNumber } from '../../domain/clamp-number';
import { Field } from './field';
import { fieldStyles } from './field-styles';

export interface NumberInputProps {
  label: string;
  value: number;
  onValueChange: (valor: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
}

/** Spec 01 §5: clamped to min/max and 0 when not numeric, applied on blur so typing is free. */
export function NumberInput({ label, value, onValueChange, min, max, disabled }: NumberInputProps) {
  const [texto, setTexto] = useState(String(value));
  useEffect(() => setTexto(String(value)), [value]);
  const confirmar = () => {
    const n = clampNumber(texto, min, max);
    setTexto(String(n));
    if (n !== value) onValueChange(n);
  };
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          className={fieldStyles.input}
          inputMode="numeric"
          value={texto}
          disabled={disabled}
          onChange={(e) => setTexto(e.target.value)}
          onBlur={confirmar}
          onKeyDown={(e) => e.key === 'Enter' && confirmar()}
        />
      )}
    </Field>
  );
}
