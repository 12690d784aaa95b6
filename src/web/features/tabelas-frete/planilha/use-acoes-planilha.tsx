import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateBr } from '../../../../domain/format-date-br';
import { baixarModeloPlanilha, baixarPlanilhaTabela, type TabelaImportada } from '../../../api/planilha-tabela-api';
import { noticeBus } from '../../../api/notice-bus';
import { tabelasFreteApi } from '../../../api/tabelas-frete-api';
import type { Command } from '../../../commands/command-registry';
import { Button } from '../../../ui/button';
import { KeyCombo } from '../../../ui/key-combo';
import { ReajusteDialog } from '../reajuste/reajuste-dialog';
import { ImportarPlanilhaDialog } from './importar-planilha-dialog';

export const TITULO_EXPORTAR = 'Exportar tabela para Excel';
export const TITULO_MODELO = 'Baixar modelo de planilha';
export const TITULO_IMPORTAR_CMD = 'Importar tabela de planilha';
export const TITULO_SIMULAR_REAJUSTE = 'Simular reajuste';

/** "Arquivo salvo: tabela-frete-….xlsx" in the status line; a refusal was shown by the API client. */
export function baixarComAviso(baixar: () => Promise<string>): void {
  baixar().then(
    (nome) => noticeBus.publicar(`Arquivo salvo: ${nome}`),
    () => undefined,
  );
}

export const exportarTabela = (id: number) => baixarComAviso(() => baixarPlanilhaTabela(id));

/**
 * An imported table's notice: "Tabela importada: nova versão a partir de 01/01/2027." (the record's `versao` is the
 * concurrency counter, not a number a user knows the table by).
 */
export const avisoImportada = (t: TabelaImportada) =>
  !t.resumo ? 'Tabela importada.' : `Tabela importada: ${t.resumo.acao === 'NOVA_VERSAO' ? 'nova versão' : 'nova tabela'} a partir de ${formatDateBr(t.resumo.inicio)}.`;

/**
 * The list's workbook and reajuste actions (issue 32): export the selected table (Alt+E: Alt+X and
 * Alt+Shift+X are the lists' CSV and Excel exports, use-exportar-lista.ts), the template (Alt+M),
 * import (Alt+I) and the reajuste of the selected table (Alt+J); their dialogs; a confirmed import opens the table saved.
 */
export function useAcoesPlanilha({ podeImportar, podeReajuste, abrirTabela }: { podeImportar: boolean; podeReajuste: boolean; abrirTabela: (id: number) => void }) {
  const [importando, setImportando] = useState(false);
  const [reajuste, setReajuste] = useState<number | null>(null);
  const cliente = useQueryClient();

  const importada = (t: TabelaImportada) => {
    setImportando(false);
    noticeBus.publicar(avisoImportada(t));
    void cliente.invalidateQueries({ queryKey: tabelasFreteApi.chaves.todos });
    abrirTabela(t.tabela.id);
  };

  const comandos = (atual: { id: number } | null): Command[] => [
    { id: 'tabelas-frete.exportar', title: TITULO_EXPORTAR, group: 'Ações', keys: ['Alt+E'], when: () => atual !== null, run: () => atual && exportarTabela(atual.id) },
    { id: 'tabelas-frete.modelo', title: TITULO_MODELO, group: 'Ações', keys: ['Alt+M'], run: () => baixarComAviso(baixarModeloPlanilha) },
    { id: 'tabelas-frete.importar', title: TITULO_IMPORTAR_CMD, group: 'Ações', keys: ['Alt+I'], when: () => podeImportar, run: () => setImportando(true) },
    { id: 'tabelas-frete.reajuste', title: TITULO_SIMULAR_REAJUSTE, group: 'Ações', keys: ['Alt+J'], when: () => atual !== null && podeReajuste, run: () => atual && setReajuste(atual.id) },
  ];

  const botoes = (atual: { id: number } | null) => (
    <>
      {podeReajuste && (
        <Button aria-keyshortcuts="Alt+J" disabled={!atual} onClick={() => atual && setReajuste(atual.id)}>
          Simular reajuste <KeyCombo keys={['Alt+J']} />
        </Button>
      )}
      <Button aria-keyshortcuts="Alt+E" disabled={!atual} onClick={() => atual && exportarTabela(atual.id)}>
        Exportar tabela <KeyCombo keys={['Alt+E']} />
      </Button>
      {podeImportar && (
        <Button aria-keyshortcuts="Alt+I" onClick={() => setImportando(true)}>
          Importar planilha <KeyCombo keys={['Alt+I']} />
        </Button>
      )}
    </>
  );

  const dialogos = (
    <>
      {importando && <ImportarPlanilhaDialog onClose={() => setImportando(false)} onImportada={importada} />}
      {reajuste !== null && <ReajusteDialog tabelaId={reajuste} onClose={() => setReajuste(null)} />}
    </>
  );
  return { comandos, botoes, dialogos };
}
