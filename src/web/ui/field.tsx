import { useId, type ReactNode } from 'react';
import { fieldStyles } from './field-styles';

export interface FieldProps {
  label: string;
  /** A note under the input (hint or error), tied to it by aria-describedby via `${id}-nota`. */
  note?: { text: string; error?: boolean };
  /** Renders the input with the id its label points at. */
  children: (id: string) => ReactNode;
}

/** The labelled frame every form input shares. */
export function Field({ label, note, children }: FieldProps) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {children(id)}
      {note && (
        <span id={`${id}-nota`} className={note.error ? fieldStyles.error : fieldStyles.hint}>
          {note.text}
        </span>
      )}
    </div>
  );
}
