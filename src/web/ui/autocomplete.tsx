import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { Combobox, createListCollection, useComboboxContext } from '@ark-ui/react/combobox';
import { useQuery } from '@tanstack/react-query';
import { css, cx, sva } from '../../../styled-system/css';
import { KeyboardContext, LayerContext } from '../commands/keyboard-context';
import { fieldStyles } from './field-styles';
import { MINIMO_AUTOCOMPLETAR, useAutocompleteText } from './use-autocomplete-text';

export { MINIMO_AUTOCOMPLETAR };

const recipe = sva({
  slots: ['content', 'item', 'hint'],
  base: {
    content: { bg: 'white', borderWidth: '1px', borderColor: 'gray.200', borderRadius: 'md', boxShadow: 'lg', py: '1', maxHeight: '240px', overflowY: 'auto', zIndex: 2000 },
    item: { px: '3', py: '1.5', fontSize: 'sm', cursor: 'pointer', _highlighted: { bg: 'blue.50' }, _selected: { fontWeight: 'semibold' } },
    hint: { px: '3', py: '1.5', fontSize: 'xs', color: 'gray.600' },
  },
});

export interface AutocompleteProps<T> {
  label: string;
  value: T | null;
  onValueChange: (valor: T | null) => void;
  /** Base of the react-query key; the typed text is appended. */
  queryKey: readonly unknown[];
  search: (texto: string, signal: AbortSignal) => Promise<T[]>;
  itemToString: (item: T) => string;
  itemToValue: (item: T) => string;
  /** Extra marks shown beside an option's text (type, status icon). */
  renderDetail?: (item: T) => ReactNode;
  /**
   * An "add" field (a list of customers, of profiles): after a pick the text clears and the focus stays,
   * ready for the next one; the value stays null and the list lives in the form.
   */
  limparAoEscolher?: boolean;
  /** A record that may not be edited (a confirmed minuta): shown, not changed. */
  disabled?: boolean;
  /** Set by AutocompleteSobDemanda when it takes over its stand-in: the text typed there, and whether it had the focus. */
  textoInicial?: string;
  focar?: boolean;
}

/**
 * Ark Combobox, wrapped once: the server is asked only from the third character on (debounced). Emptying
 * the text (Ctrl+A, Backspace) clears the value, and that empty value is what the form saves; a value set
 * from outside (another field filling it) shows its text, and Ark's own rewrites of the text never undo it.
 */
export function Autocomplete<T>(props: AutocompleteProps<T>) {
  const { label, value, onValueChange, queryKey, search, itemToString, itemToValue, renderDetail, limparAoEscolher, disabled, textoInicial, focar } = props;
  const campo = useAutocompleteText({ value, onValueChange, itemToString, itemToValue, limparAoEscolher, textoInicial });
  useFocarAoMontar(focar === true, campo.input);
  const texto = campo.texto;
  const [termo, setTermo] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTermo(texto.trim()), 250);
    return () => clearTimeout(t);
  }, [texto]);
  const ativo = termo.length >= MINIMO_AUTOCOMPLETAR;
  const { data, isFetching } = useQuery({ queryKey: [...queryKey, termo], queryFn: ({ signal }) => search(termo, signal), enabled: ativo && !disabled });
  const itens = useMemo(() => (ativo ? (data ?? []) : []), [ativo, data]);
  const colecao = useMemo(() => createListCollection({ items: itens, itemToString, itemToValue }), [itens, itemToString, itemToValue]);
  const coberto = useCoberto();
  const s = recipe();

  return (
    <Combobox.Root
      collection={colecao}
      inputValue={texto}
      onInputValueChange={campo.onInputValueChange}
      value={value ? [itemToValue(value)] : []}
      onValueChange={campo.onValueChange}
      selectionBehavior={limparAoEscolher ? 'clear' : 'replace'}
      openOnClick={false}
      disabled={disabled}
      positioning={{ strategy: 'fixed' }}
      className={fieldStyles.field}
    >
      <Combobox.Label className={fieldStyles.label}>{label}</Combobox.Label>
      <Combobox.Control className={css({ display: 'flex', width: 'full' })}>
        <EntradaDaLista coberto={coberto} ref={campo.input} className={cx(fieldStyles.input, css({ flex: '1', minWidth: '0', width: 'full' }))} placeholder={`Digite ao menos ${MINIMO_AUTOCOMPLETAR} caracteres`} />
      </Combobox.Control>
      {/* Not portalled: inside a modal dialog the list must stay in the dialog (the rest of the page is
          aria-hidden and inert). Fixed positioning keeps the dialog body's scroll from clipping it. */}
      <Combobox.Positioner hidden={coberto}>
        <Combobox.Content className={s.content}>
          {texto.trim().length < MINIMO_AUTOCOMPLETAR && <div className={s.hint}>Digite ao menos {MINIMO_AUTOCOMPLETAR} caracteres</div>}
          {ativo && isFetching && itens.length === 0 && <div className={s.hint}>Buscando…</div>}
          {ativo && !isFetching && itens.length === 0 && <div className={s.hint}>Nenhum registro encontrado</div>}
          {itens.map((item) => (
            <Combobox.Item key={itemToValue(item)} item={item} className={s.item}>
              <Combobox.ItemText>{itemToString(item)}</Combobox.ItemText>
              {renderDetail?.(item)}
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}

/**
 * The focus, caret at the end, on the field that replaced a focused stand-in: in the commit that removed it,
 * before the focus keeper (a timer) would take the drop for a lost focus and move it to a neighbour.
 */
function useFocarAoMontar(focar: boolean, input: RefObject<HTMLInputElement | null>) {
  useLayoutEffect(() => {
    const el = input.current;
    if (!focar || !el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- only at the mount
}

const semAssinatura = () => () => {};

/** A dialog is open above the focus-stack layer the field renders in: the field is out of reach under it. */
function useCoberto(): boolean {
  const teclado = useContext(KeyboardContext);
  const camada = useContext(LayerContext);
  const topo = useSyncExternalStore(teclado?.stack.subscribe ?? semAssinatura, () => teclado?.stack.top().id ?? camada);
  return topo !== camada;
}

/**
 * The field's input. A dialog opened over it while its list was open (a hotkey, the palette): Ark takes the
 * dialog for a layer nested in the list, so the list stays open beneath it (hidden meanwhile: see the
 * Positioner), and closing it then would also dismiss the dialog (DialogFrame refuses that) and send the focus
 * back to this input a frame later, out of the dialog. So the interrupted list closes when the user is back
 * here; if the focus goes elsewhere instead, Ark closes it then, as for any focus leaving the field.
 */
function EntradaDaLista({ coberto, onFocus, ...props }: ComponentProps<typeof Combobox.Input> & { coberto: boolean }) {
  const combobox = useComboboxContext();
  const interrompida = useRef(false);
  useEffect(() => {
    if (!combobox.open) interrompida.current = false;
    else if (coberto) interrompida.current = true;
  }, [coberto, combobox.open]);
  return (
    <Combobox.Input
      {...props}
      onFocus={(e) => {
        onFocus?.(e);
        if (coberto || !interrompida.current) return;
        interrompida.current = false;
        combobox.setOpen(false);
      }}
    />
  );
}
