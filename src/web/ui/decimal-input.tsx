import type { InputHTMLAttributes } from 'react';
import { formatNumberBr } from '../../domain/format-number-br';
import { normalizeDecimal } from '../../domain/normalize-decimal';
import { roundUpToStep } from '../../domain/round-up-to-step';
import { Field } from './field';
import { fieldStyles } from './field-styles';
import { useExternalValue } from './use-external-value';

export interface DecimalFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'step'> {
  /** Normalised text with a dot ("1234.5"), so no float touches the value. */
  value: string;
  onValueChange: (valor: string) => void;
  step?: number | string;
  negative?: boolean;
  /** Decimals shown once the field is left (money: 2); absent: the value's own. */
  decimals?: number;
}

export interface DecimalInputProps extends Pick<DecimalFieldProps, 'value' | 'onValueChange' | 'step' | 'negative' | 'disabled' | 'decimals'> {
  label: string;
}

const paraTexto = (decimals?: number) => (v: string) => (v === '' || v === '-' ? v : formatNumberBr(v, decimals === undefined ? { maxDecimals: 10 } : { decimals }));

/**
 * Spec 01 §5 decimal input, typed and shown the pt-BR way: '.' groups thousands and ',' is the decimal mark
 * ("37.000" is 37000, shown back as "37.000"; "12,5" is 12.5). The value counts while typing (Ctrl+S without
 * leaving the field saves it); on leaving, a step rounds it up and the text is shown formatted. The bare
 * input, for a cell of a grid (it carries its own aria-label).
 */
export function DecimalField({ value, onValueChange, step, negative, decimals, className, onBlur, ...rest }: DecimalFieldProps) {
  const campo = useExternalValue(value, paraTexto(decimals));
  const mudar = (v: string) => {
    campo.informar(v);
    onValueChange(v);
  };
  return (
    <input
      className={className ?? fieldStyles.input}
      inputMode="decimal"
      {...rest}
      value={campo.texto}
      onChange={(e) => {
        // Spec 01 §5: what is not part of a number never shows (letters, "R$"), the separators stay as typed.
        campo.setTexto(e.target.value.replace(negative ? /[^\d.,-]/g : /[^\d.,]/g, ''));
        mudar(normalizeDecimal(e.target.value, { negative }));
      }}
      onBlur={(e) => {
        const final = step !== undefined ? roundUpToStep(value, step) : value;
        if (final !== value) mudar(final);
        campo.reformatar(final);
        onBlur?.(e);
      }}
    />
  );
}

/** DecimalField with its label (every form). */
export function DecimalInput({ label, ...props }: DecimalInputProps) {
  return <Field label={label}>{(id) => <DecimalField id={id} {...props} />}</Field>;
}
