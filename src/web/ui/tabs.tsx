import { useId, useRef, useState, type ReactNode } from 'react';
import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import { sva } from '../../../styled-system/css';
import { useCommands } from '../commands/use-commands';

const tabsRecipe = sva({
  slots: ['root', 'list', 'trigger', 'content'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '3' },
    // Many tabs (one per carrier) scroll sideways on one line instead of wrapping onto several.
    list: { display: 'flex', flexWrap: 'nowrap', overflowX: 'auto', gap: '1', borderBottomWidth: '1px', borderColor: 'gray.200', scrollbarWidth: 'thin' },
    trigger: {
      px: '3',
      py: '1.5',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'gray.600',
      cursor: 'pointer',
      flexShrink: 0,
      maxWidth: '18rem',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      borderBottomWidth: '2px',
      borderColor: 'transparent',
      mb: '-1px',
      _selected: { color: 'blue.800', borderColor: 'blue.700' },
      _disabled: { color: 'gray.400', cursor: 'not-allowed' },
      _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '-2px' },
    },
    content: { _focusVisible: { outline: '2px solid', outlineColor: 'blue.600' } },
  },
});

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
  /** A tab that cannot be opened yet (the CT-e's audit result before any audit). */
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  label: string;
  /** Controlled tab (a dialog that shows its results tab after calculating); absent: the Tabs keep it. */
  value?: string;
  onValueChange?: (valor: string) => void;
  /** false: no Alt+N keys (tabs nested in a tab: the outer ones own Alt+1, Alt+2 …; arrows still move). */
  atalhos?: boolean;
  /** Only the open tab is mounted (each tab's commands and queries live while it is shown): a screen's tabs. */
  somenteAtiva?: boolean;
}

/** Ark Tabs, wrapped once: Alt+1, Alt+2 … switch tabs (spec 01 §2), bound in the enclosing layer. */
export function Tabs({ items, label, value, onValueChange, atalhos = true, somenteAtiva = false }: TabsProps) {
  const id = useId();
  const [interno, setInterno] = useState(items[0]?.value ?? '');
  const valor = value ?? interno;
  const setValor = (v: string) => {
    setInterno(v);
    onValueChange?.(v);
  };
  const gatilhos = useRef(new Map<string, HTMLButtonElement>());
  const s = tabsRecipe();

  useCommands(
    (atalhos ? items.slice(0, 9) : []).map((item, i) => ({
      id: `${id}:aba:${i + 1}`,
      title: `Aba ${item.label}`,
      group: 'Ações' as const,
      keys: [`Alt+${i + 1}`],
      when: () => !item.disabled,
      run: () => {
        setValor(item.value);
        gatilhos.current.get(item.value)?.focus();
      },
    })),
  );

  return (
    <ArkTabs.Root className={s.root} value={valor} onValueChange={(d) => setValor(d.value)} lazyMount={somenteAtiva} unmountOnExit={somenteAtiva}>
      <ArkTabs.List className={s.list} aria-label={label}>
        {items.map((item, i) => (
          <ArkTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={s.trigger}
            title={atalhos && i < 9 ? `${item.label} (Alt+${i + 1})` : item.label}
            ref={(el) => {
              if (el) gatilhos.current.set(item.value, el);
              else gatilhos.current.delete(item.value);
            }}
          >
            {item.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {items.map((item) => (
        <ArkTabs.Content key={item.value} value={item.value} className={s.content}>
          {item.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  );
}
