import { useLayoutEffect, useRef } from 'react';
import type { ComboboxInputValueChangeDetails, ComboboxValueChangeDetails } from '@ark-ui/react/combobox';
import { useExternalValue } from './use-external-value';
import { useMarcarSujo } from './use-unsaved-changes';

/** Spec 01 §5/§9: autocompletes require at least 3 typed characters. */
export const MINIMO_AUTOCOMPLETAR = 3;

export interface AutocompleteTextOptions<T> {
  value: T | null;
  onValueChange: (valor: T | null) => void;
  itemToString: (item: T) => string;
  itemToValue: (item: T) => string;
  limparAoEscolher?: boolean;
  /** Text typed before the field was mounted (AutocompleteSobDemanda's stand-in): shown as typed. */
  textoInicial?: string;
}

/**
 * The text an Autocomplete shows, and who may change it. Only the user's typing changes the text freely (and
 * emptying it clears the value); a pick shows the picked record's text. Every other text Ark proposes is its
 * own rewrite of the selection from the current list (a sync after the value changed, a revert on Escape or
 * blur): a value set from outside is not in that list, so Ark would propose "" and, taken as typing, undo the
 * value. Those rewrites show the value's own text instead, and never change the value.
 * Text typed but not picked (it differs from the value's own text) is an unsaved change of the enclosing
 * dialog: Esc asks "Descartar as alterações?" before throwing it away.
 */
export function useAutocompleteText<T>({ value, onValueChange, itemToString, itemToValue, limparAoEscolher, textoInicial }: AutocompleteTextOptions<T>) {
  // Only a change of the chosen record (its key) rewrites the text.
  const campo = useExternalValue(value ? itemToValue(value) : null, () => (value ? itemToString(value) : ''));
  const input = useRef<HTMLInputElement>(null);
  // The value the field holds now: the prop, or a pick not rendered yet (Ark reports the text right after it).
  const atual = useRef(value);
  atual.current = value;

  const { setTexto } = campo;
  useLayoutEffect(() => {
    if (textoInicial !== undefined) setTexto(textoInicial);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- only the text typed before the mount

  useMarcarSujo(campo.texto !== (value && !limparAoEscolher ? itemToString(value) : ''));

  const onInputValueChange = (d: ComboboxInputValueChangeDetails) => {
    // Ark's reason is that of its last event (it can be stale in a later sync): typing also shows in the input.
    const digitado = d.reason === 'input-change' && input.current?.value === d.inputValue;
    if (!digitado) {
      campo.setTexto(atual.current ? itemToString(atual.current) : '');
      return;
    }
    campo.setTexto(d.inputValue);
    if (d.inputValue.trim() === '' && value !== null && !limparAoEscolher) {
      atual.current = null;
      campo.informar(null);
      onValueChange(null);
    }
  };
  const onComboboxValueChange = (d: ComboboxValueChangeDetails) => {
    const item = (d.items[0] as T | undefined) ?? null;
    const guardado = item && !limparAoEscolher ? item : null;
    atual.current = guardado;
    campo.informar(guardado ? itemToValue(guardado) : null);
    campo.setTexto(guardado ? itemToString(guardado) : '');
    onValueChange(item);
  };
  return { texto: campo.texto, input, onInputValueChange, onValueChange: onComboboxValueChange };
}
