import { css } from '../../../styled-system/css';
import { fieldStyles } from './field-styles';
import { formGrid } from './form-grid';

const estilos = {
  grupo: css({ display: 'flex', flexDirection: 'column', gap: '1', border: 'none', p: '0', m: '0', minWidth: '0' }),
  opcoes: css({ display: 'flex', flexWrap: 'wrap', gap: '1', columnGap: '4', py: '1' }),
  vazio: css({ fontSize: 'sm', color: 'gray.600' }),
};

export interface CheckboxGroupProps<V extends string> {
  legend: string;
  options: readonly { value: V; label: string }[];
  value: readonly V[];
  onValueChange: (valor: V[]) => void;
  /** Shown when there is nothing to pick. */
  vazio?: string;
}

/** A fieldset of checkboxes for a set of flags; the order of `options` is kept in the value. */
export function CheckboxGroup<V extends string>({ legend, options, value, onValueChange, vazio }: CheckboxGroupProps<V>) {
  const alternar = (v: V) => onValueChange(options.map((o) => o.value).filter((o) => (o === v ? !value.includes(v) : value.includes(o))));
  return (
    <fieldset className={estilos.grupo}>
      <legend className={fieldStyles.label}>{legend}</legend>
      <div className={estilos.opcoes}>
        {options.length === 0 && vazio && <span className={estilos.vazio}>{vazio}</span>}
        {options.map((o) => (
          <label key={o.value} className={formGrid.alternar}>
            <input type="checkbox" checked={value.includes(o.value)} onChange={() => alternar(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
