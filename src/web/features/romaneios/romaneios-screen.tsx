import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { Command } from '../../commands/command-registry';
import { useCommands } from '../../commands/use-commands';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import type { ScreenArgs } from '../../ui/screen-args';
import { Tabs } from '../../ui/tabs';
import { MessageTitleContext } from '../../ui/use-show-messages';
import { RomaneiosOsAba } from './os/romaneios-os-aba';
import { DespesasDialog } from './despesas-dialog';
import { RomaneioNumeroDialog } from './romaneio-numero-dialog';
import { RomaneiosFreteAba } from './romaneios-frete-aba';

const titulo = css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' });

/** The tab in the URL: ?aba=os is the service-order tab; none, the freight-cost one. */
export const ABA_OS = 'os';
type Aba = 'frete' | typeof ABA_OS;
type Pedido = 'numero' | 'despesas' | null;

/**
 * Romaneios (/romaneios, spec 03 §2.7): two tabs (Alt+1, Alt+2), each with its own filters, list, dialog
 * and commands; only the open one is mounted, so only its commands are registered. Switching tabs starts the
 * other list afresh (its own filters, the current month). The screen's own commands: open a freight-cost
 * manifest by number, the expenses PDF, and a new freight-cost manifest from the other tab.
 */
export function RomaneiosScreen({ usuario, query, navigate }: ScreenArgs) {
  const idTitulo = useId();
  const aba: Aba = query.get('aba') === ABA_OS ? ABA_OS : 'frete';
  const [pedido, setPedido] = useState<Pedido>(null);
  const irPara = (valor: string) => valor !== aba && navigate(valor === ABA_OS ? `/romaneios?aba=${ABA_OS}` : '/romaneios');
  const abrirRomaneio = (id: number) => {
    setPedido(null);
    // From the freight tab its filters stay; from the other tab, the freight tab opens on its defaults.
    const p = new URLSearchParams(aba === 'frete' ? query : undefined);
    p.set('ver', String(id));
    navigate(`/romaneios?${p.toString()}`);
  };
  const comandos: Command[] = [
    { id: 'romaneios.numero', title: 'Abrir romaneio de frete pelo número', group: 'Ações', keys: [], run: () => setPedido('numero') },
    { id: 'romaneios.despesas', title: 'Despesas dos romaneios (PDF)', group: 'Ações', keys: [], run: () => setPedido('despesas') },
    // The freight tab registers its own (Alt+N) while shown.
    { id: 'romaneios.novo-frete', title: 'Novo romaneio de frete', group: 'Ações', keys: [], when: () => aba === ABA_OS, run: () => navigate('/romaneios?novo=1') },
  ];
  useCommands(comandos);
  return (
    <section aria-labelledby={idTitulo}>
      <h1 id={idTitulo} className={titulo}>
        Romaneios
      </h1>
      <Tabs
        label="Tipos de romaneio"
        value={aba}
        onValueChange={irPara}
        somenteAtiva
        items={[
          // The closing tab's content goes in the same render as the opening one's comes: their keys (Ctrl+G,
          // Alt+N, Delete) are never registered twice, even for the frame Ark would keep the old one.
          { value: 'frete', label: 'Romaneios de frete', content: aba === 'frete' && <RomaneiosFreteAba usuario={usuario} query={query} navigate={navigate} /> },
          { value: ABA_OS, label: 'Romaneios de O.S.', content: aba === ABA_OS && <RomaneiosOsAba usuario={usuario} query={query} navigate={navigate} /> },
        ]}
      />
      <MessageTitleContext.Provider value={TITULO_ADVERTENCIA}>
        {pedido === 'numero' && <RomaneioNumeroDialog abrir={abrirRomaneio} onClose={() => setPedido(null)} />}
        {pedido === 'despesas' && <DespesasDialog onClose={() => setPedido(null)} />}
      </MessageTitleContext.Provider>
    </section>
  );
}
