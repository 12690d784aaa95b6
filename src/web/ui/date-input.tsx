import { useState } from 'react';
import { formatDateBr } from '../../domain/format-date-br';
import { maskDateBr } from '../../domain/mask-date-br';
import { ANO_MAXIMO, ANO_MINIMO, parseDateBr } from '../../domain/parse-date-br';
import { Field } from './field';
import { fieldStyles } from './field-styles';
import { useFieldError } from './field-errors';
import { useExternalValue } from './use-external-value';

export interface DateInputProps {
  label: string;
  /** "YYYY-MM-DD" or null. */
  value: string | null;
  onValueChange: (valor: string | null) => void;
  disabled?: boolean;
}

const MSG_DATA_INVALIDA = `Informe uma data válida no formato dd/mm/aaaa, entre ${ANO_MINIMO} e ${ANO_MAXIMO}.`;
const mensagemDataInvalida = (label: string, texto: string) => `${label}: "${texto}" não é uma data válida (dd/mm/aaaa, entre ${ANO_MINIMO} e ${ANO_MAXIMO}).`;

/**
 * Spec 01 §5/§9: dd/mm/yyyy, years 1976–2030, typed with a mask. A complete valid date counts at once (Enter
 * or Ctrl+S without leaving the field use it); text that is not a date (31/02/2026, 12/10) makes the form's
 * save or search refuse with its message, never fall back on the last valid date.
 */
export function DateInput({ label, value, onValueChange, disabled }: DateInputProps) {
  const campo = useExternalValue(value, formatDateBr);
  const [saiu, setSaiu] = useState(false);
  const invalida = campo.texto !== '' && parseDateBr(campo.texto) === null;
  useFieldError(invalida && !disabled ? mensagemDataInvalida(label, campo.texto) : null);
  const mostrarErro = invalida && saiu;
  return (
    <Field label={label} note={mostrarErro ? { text: MSG_DATA_INVALIDA, error: true } : undefined}>
      {(id) => (
        <input
          id={id}
          className={fieldStyles.input}
          inputMode="numeric"
          placeholder="dd/mm/aaaa"
          value={campo.texto}
          disabled={disabled}
          aria-invalid={mostrarErro || undefined}
          aria-describedby={mostrarErro ? `${id}-nota` : undefined}
          onChange={(e) => {
            const texto = maskDateBr(e.target.value);
            campo.setTexto(texto);
            setSaiu(false);
            const iso = texto === '' ? null : parseDateBr(texto);
            if (texto !== '' && iso === null) return;
            campo.informar(iso);
            if (iso !== value) onValueChange(iso);
          }}
          onBlur={() => setSaiu(true)}
        />
      )}
    </Field>
  );
}
