import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { css } from '../../../../../styled-system/css';
import type { CteReajuste } from '../../../../contracts/reajuste';
import type { TabelaFrete } from '../../../../contracts/tabela-frete-modelo';
import { formatDateBr } from '../../../../domain/format-date-br';
import { tabelasFreteApi } from '../../../api/tabelas-frete-api';
import { useCommands } from '../../../commands/use-commands';
import { Button } from '../../../ui/button';
import { DateInput } from '../../../ui/date-input';
import { DecimalInput } from '../../../ui/decimal-input';
import { Dialog } from '../../../ui/dialog';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { formGrid } from '../../../ui/form-grid';
import { KeyCombo } from '../../../ui/key-combo';
import { SeletorArquivo } from '../planilha/seletor-arquivo';
import { descricoesElementos } from './parametros-reajuste';
import { ResultadoReajusteView } from './resultado-reajuste';
import { TracoReajusteDialog } from './traco-reajuste-dialog';
import { useReajuste } from './use-reajuste';

export const TITULO_REAJUSTE = 'Simular reajuste';
export const LARGURA_REAJUSTE = 1200;

const estilos = {
  campos: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: '3', alignItems: 'end' }),
  elementos: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: '3', borderWidth: '0', p: '0', '& legend': { fontSize: 'sm', fontWeight: 'semibold', mb: '1' } }),
  linha: css({ display: 'flex', alignItems: 'center', gap: '3', fontSize: 'sm' }),
  status: css({ fontSize: 'sm', color: 'gray.700', mr: 'auto' }),
};

/** Reajuste simulation of table {tabelaId}: a past period priced again with the proposed percentages or table. */
export function ReajusteDialog({ tabelaId, onClose }: { tabelaId: number; onClose: () => void }) {
  const tabela = tabelasFreteApi.useUm(tabelaId);
  return (
    <Dialog open title={TITULO_REAJUSTE} onClose={onClose} width={LARGURA_REAJUSTE}>
      {tabela.data ? <Conteudo tabela={tabela.data} tabelaId={tabelaId} /> : <p className={formGrid.carregando}>Carregando…</p>}
    </Dialog>
  );
}

type Reajuste = ReturnType<typeof useReajuste>;

/** Period, general percentage, one per element of the table, and the optional proposed workbook. */
function CamposReajuste({ r, descricoes, escolherArquivo }: { r: Reajuste; descricoes: string[]; escolherArquivo: () => void }) {
  const { form, set } = r;
  return (
    <>
      <div className={estilos.campos}>
        <DateInput label="Início do período" value={form.dataIni} onValueChange={(dataIni) => set({ dataIni })} />
        <DateInput label="Fim do período" value={form.dataFim} onValueChange={(dataFim) => set({ dataFim })} />
        <DecimalInput label="Reajuste geral (%)" value={form.percentualGeral} onValueChange={(percentualGeral) => set({ percentualGeral })} negative />
      </div>
      {descricoes.length > 0 && (
        <fieldset className={estilos.elementos}>
          <legend>Reajuste por elemento (%): vale no lugar do geral</legend>
          {descricoes.map((d) => (
            <DecimalInput key={d} label={d} value={form.percentuais[d] ?? ''} onValueChange={(v) => set({ percentuais: { ...form.percentuais, [d]: v } })} negative />
          ))}
        </fieldset>
      )}
      <div className={estilos.linha}>
        <Button aria-keyshortcuts="Alt+T" onClick={escolherArquivo}>
          Tabela proposta… <KeyCombo keys={['Alt+T']} />
        </Button>
        <span>{r.arquivo ? `Tabela proposta: ${r.arquivo.name}` : 'Sem tabela proposta (valem os percentuais).'}</span>
        {r.arquivo && (
          <Button size="sm" variant="ghost" onClick={() => r.setArquivo(null)}>
            Remover tabela proposta
          </Button>
        )}
      </div>
    </>
  );
}

function Conteudo({ tabela, tabelaId }: { tabela: TabelaFrete; tabelaId: number }) {
  const id = useId();
  const seletor = useRef<HTMLInputElement>(null);
  const resultadoRef = useRef<HTMLDivElement>(null);
  const [traco, setTraco] = useState<CteReajuste | null>(null);
  const r = useReajuste(tabelaId);
  const { simulado, trabalho } = r;
  const escolherArquivo = () => seletor.current?.click();
  const escolhido = (e: ChangeEvent<HTMLInputElement>) => {
    r.setArquivo(e.target.files?.[0] ?? null);
    e.target.value = '';
  };

  // The CT-es' grid takes the focus once the answer arrives: Enter opens a CT-e's trace, Alt+B the PDF.
  useEffect(() => {
    if (simulado) resultadoRef.current?.querySelector<HTMLElement>('[role=grid]')?.focus();
  }, [simulado]);

  useCommands([
    { id: `${id}:simular`, title: 'Simular', group: 'Ações', keys: ['Alt+S', 'Ctrl+Enter'], run: r.simular },
    { id: `${id}:proposta`, title: 'Escolher tabela proposta (planilha)', group: 'Ações', keys: ['Alt+T'], run: escolherArquivo },
    { id: `${id}:pdf`, title: 'Baixar PDF do reajuste', group: 'Ações', keys: ['Alt+B'], when: () => simulado !== null, run: () => r.baixar('pdf') },
    { id: `${id}:xlsx`, title: 'Baixar Excel do reajuste', group: 'Ações', keys: ['Alt+X'], when: () => simulado !== null, run: () => r.baixar('xlsx') },
  ]);

  return (
    <div className={formGrid.corpo}>
      <p className={estilos.linha}>
        Tabela de {tabela.transportadora?.razaoSocial}, vigência {formatDateBr(tabela.inicio)}
        {tabela.fim ? ` a ${formatDateBr(tabela.fim)}` : ''}.
      </p>
      <CamposReajuste r={r} descricoes={descricoesElementos(tabela)} escolherArquivo={escolherArquivo} />
      <SeletorArquivo ref={seletor} rotulo="Tabela proposta" onChange={escolhido} />
      <div ref={resultadoRef}>{simulado && <ResultadoReajusteView resultado={simulado.resultado} onAbrirCte={setTraco} />}</div>
      <DialogButtons onConfirm={r.simular} confirmLabel="Simular" confirmKeys={['Alt+S', 'Ctrl+Enter']} disabled={trabalho === 'simulando'}>
        <span role="status" className={estilos.status}>
          {r.status}
        </span>
        <Button aria-keyshortcuts="Alt+B" disabled={!simulado} ocupado={trabalho === 'pdf'} onClick={() => r.baixar('pdf')}>
          Baixar PDF <KeyCombo keys={['Alt+B']} />
        </Button>
        <Button aria-keyshortcuts="Alt+X" disabled={!simulado} ocupado={trabalho === 'xlsx'} onClick={() => r.baixar('xlsx')}>
          Baixar Excel <KeyCombo keys={['Alt+X']} />
        </Button>
      </DialogButtons>
      {traco && simulado && <TracoReajusteDialog pedido={simulado.pedido} cte={traco} onClose={() => setTraco(null)} />}
    </div>
  );
}
