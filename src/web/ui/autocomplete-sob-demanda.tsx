import { useId, useRef, useState, type ComponentType } from 'react';
import { css, cx } from '../../../styled-system/css';
import type { AutocompleteProps } from './autocomplete';
import { fieldStyles } from './field-styles';
import { MINIMO_AUTOCOMPLETAR } from './use-autocomplete-text';

type Real = ComponentType<AutocompleteProps<unknown>>;

// The Ark combobox (its machine, the list collection, floating-ui) is a fifth of a list screen's JS: loaded once,
// at the first time any of these fields is used, then shared by all.
let real: Real | null = null;
let carregando: Promise<Real> | null = null;
const carregar = () => (carregando ??= import('./autocomplete').then((m) => (real = m.Autocomplete as Real)));

const controle = css({ display: 'flex', width: 'full' });
const entrada = cx(fieldStyles.input, css({ flex: '1', minWidth: '0', width: 'full' }));

/**
 * Issue 33: an Autocomplete for a list screen's filters, whose combobox loads when the field is first focused
 * (or pressed). Until then a plain input with the same label and look stands in; what is typed there is kept,
 * and the focus goes on in the combobox that replaces it (caret at the end). Emptying it clears the value, as
 * in the combobox. In dialogs use Autocomplete itself: it is loaded with the dialog.
 */
export function AutocompleteSobDemanda<T>(props: AutocompleteProps<T>) {
  const [Carregado, setCarregado] = useState<Real | null>(() => real);
  const input = useRef<HTMLInputElement>(null);
  const [digitado, setDigitado] = useState<string | null>(null);
  const passagem = useRef<{ focar: boolean; texto?: string }>({ focar: false });
  const id = useId();
  if (Carregado) {
    const Campo = Carregado as ComponentType<AutocompleteProps<T>>;
    return <Campo {...props} focar={passagem.current.focar} textoInicial={passagem.current.texto} />;
  }
  const usar = () =>
    void carregar().then((c) => {
      passagem.current = { focar: document.activeElement === input.current, texto: input.current?.value };
      setCarregado(() => c);
    });
  const texto = digitado ?? (props.value ? props.itemToString(props.value) : '');
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {props.label}
      </label>
      <div className={controle}>
        <input
          ref={input}
          id={id}
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          autoComplete="off"
          className={entrada}
          placeholder={`Digite ao menos ${MINIMO_AUTOCOMPLETAR} caracteres`}
          disabled={props.disabled}
          value={texto}
          onFocus={usar}
          onPointerDown={usar}
          onChange={(e) => {
            setDigitado(e.target.value);
            if (e.target.value.trim() === '' && props.value !== null && !props.limparAoEscolher) props.onValueChange(null);
          }}
        />
      </div>
    </div>
  );
}
