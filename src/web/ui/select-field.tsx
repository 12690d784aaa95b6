import type { SelectHTMLAttributes } from 'react';
import { Field } from './field';
import { fieldStyles } from './field-styles';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onValueChange: (valor: string) => void;
  options: readonly SelectOption[];
}

/**
 * A labelled native select: short fixed lists (modalidade, UF, vehicle type) where the platform control
 * already does keyboard and screen readers right (type-ahead, arrows) with no popup to manage.
 */
export function SelectField({ label, value, onValueChange, options, ...rest }: SelectFieldProps) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} className={fieldStyles.input} value={value} onChange={(e) => onValueChange(e.target.value)} {...rest}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
