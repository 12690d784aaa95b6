import { useState } from 'react';
import { formatCnpj, isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { somenteDigitos } from '../../domain/cpf';
import { Field } from './field';
import { fieldStyles } from './field-styles';

const digitos = (texto: string) => somenteDigitos(texto).slice(0, 14);

/** "11222333000181" or a partial "1122233" → "11.222.333/0001-81", "11.222.33": the mask as it is typed. */
export const mascararCnpj = (texto: string): string => formatCnpj(digitos(texto));

/** A CNPJ that is not empty and not valid: 14 digits failing the check digits, or fewer digits once left. */
function cnpjInvalido(texto: string, completo: boolean): boolean {
  const d = digitos(texto);
  if (d === '') return false;
  return d.length === 14 ? !isValidCnpj(d) : completo;
}

export interface CnpjInputProps {
  label: string;
  /** The text as shown (masked); the save schema strips the punctuation. */
  value: string;
  onValueChange: (valor: string) => void;
  /** Shown under the field while the CNPJ is invalid ("O CNPJ do tomador é inválido."). */
  mensagemInvalido: string;
  disabled?: boolean;
}

/** A CNPJ field: masked as typed (@brazilian-utils), its check digits verified with the field's own message. */
export function CnpjInput({ label, value, onValueChange, mensagemInvalido, disabled }: CnpjInputProps) {
  const [saiu, setSaiu] = useState(false);
  const invalido = cnpjInvalido(value, saiu);
  return (
    <Field label={label} note={invalido ? { text: mensagemInvalido, error: true } : undefined}>
      {(id) => (
        <input
          id={id}
          className={fieldStyles.input}
          inputMode="numeric"
          placeholder="00.000.000/0000-00"
          maxLength={18}
          value={value}
          disabled={disabled}
          aria-invalid={invalido || undefined}
          aria-describedby={invalido ? `${id}-nota` : undefined}
          onChange={(e) => {
            setSaiu(false);
            onValueChange(mascararCnpj(e.target.value));
          }}
          onBlur={() => setSaiu(true)}
        />
      )}
    </Field>
  );
}
