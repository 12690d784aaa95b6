import { useEffect, useRef, useState } from 'react';

/**
 * The text a field shows for a value it also reports while the user types: kept as typed, and shown anew
 * (formatted) only when the value changes from outside (a load, a reset, another field filling it).
 * `informar` records a value the field itself reported, so it does not overwrite the typed text.
 */
export function useExternalValue<V>(value: V, formatar: (v: V) => string) {
  const [texto, setTexto] = useState(() => formatar(value));
  const ultimo = useRef(value);
  useEffect(() => {
    if (Object.is(value, ultimo.current)) return;
    ultimo.current = value;
    setTexto(formatar(value));
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps -- formatar is a pure function of the value
  return {
    texto,
    setTexto,
    informar: (v: V) => {
      ultimo.current = v;
    },
    /** Shows the value formatted (on blur). */
    reformatar: (v: V) => {
      ultimo.current = v;
      setTexto(formatar(v));
    },
  };
}
