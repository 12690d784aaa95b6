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
 * already does keyboard and screen readers right (type-ahead, arrows, Alt+↓ opens the list). Inside a
 * search form, Enter runs the search as in every other filter field, instead of opening the list.
 */
export function SelectField({ label, value, onValueChange, options, onKeyDown, ...rest }: SelectFieldProps) {
  return (
    <Field label={label}>
      {(id) => (
        <select
          id={id}
          className={fieldStyles.input}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          onKeyDown={(e) => {
            onKeyDown?.(e);
            const form = e.currentTarget.form;
            if (e.defaultPrevented || e.key !== 'Enter' || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || !form) return;
            e.preventDefault();
            form.requestSubmit();
          }}
          {...rest}
        >
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
