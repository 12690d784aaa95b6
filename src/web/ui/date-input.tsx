import { useEffect, useState } from 'react';
import { formatDateBr } from '../../domain/format-date-br';
import { maskDateBr } from '../../domain/mask-date-br';
import { ANO_MAXIMO, ANO_MINIMO, parseDateBr } from '../../domain/parse-date-br';
import { Field } from './field';
import { fieldStyles } from './field-styles';

export interface DateInputProps {
  label: string;
  /** "YYYY-MM-DD" or null. */
  value: string | null;
  onValueChange: (valor: string | null) => void;
  disabled?: boolean;
}

const MSG_DATA_INVALIDA = `Informe uma data válida no formato dd/mm/aaaa, entre ${ANO_MINIMO} e ${ANO_MAXIMO}.`;

/** Spec 01 §5/§9: dd/mm/yyyy, years 1976–2030. Typed with a mask; an invalid date is flagged, not kept. */
export function DateInput({ label, value, onValueChange, disabled }: DateInputProps) {
  const [texto, setTexto] = useState(formatDateBr(value));
  const [invalida, setInvalida] = useState(false);
  useEffect(() => setTexto(formatDateBr(value)), [value]);
  return (
    <Field label={label} note={invalida ? { text: MSG_DATA_INVALIDA, error: true } : undefined}>
      {(id) => (
        <input
          id={id}
          className={fieldStyles.input}
          inputMode="numeric"
          placeholder="dd/mm/aaaa"
          value={texto}
          disabled={disabled}
          aria-invalid={invalida || undefined}
          aria-describedby={invalida ? `${id}-nota` : undefined}
          onChange={(e) => setTexto(maskDateBr(e.target.value))}
          onBlur={() => {
            const iso = texto === '' ? null : parseDateBr(texto);
            setInvalida(texto !== '' && iso === null);
            if (texto === '' || iso !== null) onValueChange(iso);
          }}
        />
      )}
    </Field>
  );
}
