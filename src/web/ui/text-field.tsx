import { forwardRef, type InputHTMLAttributes } from 'react';
import { Field } from './field';
import { fieldStyles } from './field-styles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (valor: string) => void;
  hint?: string;
  /** Spec 01 §5: text fields are trimmed on blur; passwords keep their spaces. */
  trim?: boolean;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, value, onValueChange, hint, trim, onBlur, type = 'text', ...rest },
  ref,
) {
  const aparar = trim ?? type !== 'password';
  return (
    <Field label={label} note={hint ? { text: hint } : undefined}>
      {(id) => (
        <input
          ref={ref}
          id={id}
          type={type}
          className={fieldStyles.input}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          onBlur={(e) => {
            if (aparar && value !== value.trim()) onValueChange(value.trim());
            onBlur?.(e);
          }}
          aria-describedby={hint ? `${id}-nota` : undefined}
          {...rest}
        />
      )}
    </Field>
  );
});
