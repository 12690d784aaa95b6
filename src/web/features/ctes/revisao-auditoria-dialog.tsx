import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { aprovarSchema, trocarTabelaSchema, type CteCompleto } from '../../../contracts/ctes';
import { formatDateBr } from '../../../domain/format-date-br';
import { dataSaoPaulo } from '../../../domain/sao-paulo-date';
import { podeTransitar } from '../../../../machines/cte-audit';
import { aprovarCtes, auditarCtes, trocarTabelaCte, useAcaoCte, useCte, useTabelasParaCte } from '../../api/ctes-api';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { DecimalInput } from '../../ui/decimal-input';
import { Dialog } from '../../ui/dialog';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { SelectField } from '../../ui/select-field';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';
import { DialogButtons } from '../../ui/dialog-buttons';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { ResumoAuditoria, estilosAuditoria } from './resultado-auditoria-panel';
import { mensagensDoLote } from './mensagens-lote';
import { StatusIcon } from './status-icon';
import { EncaminharAprovacaoDialog, TECLA_ENCAMINHAR, TITULO_ENCAMINHAR } from './encaminhar-aprovacao-dialog';

const estilos = {
  secoes: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '4' }),
  secao: css({ display: 'flex', flexDirection: 'column', gap: '2', borderWidth: '1px', borderColor: 'gray.200', borderRadius: 'md', p: '3' }),
  observacoes: css({ width: '100%', minHeight: '80px', borderWidth: '1px', borderColor: 'gray.300', borderRadius: 'md', px: '2', py: '1', fontSize: 'sm', _disabled: { bg: 'gray.100' } }),
  rotulo: css({ fontSize: 'sm', fontWeight: 'medium', display: 'flex', flexDirection: 'column', gap: '1' }),
};

export const MAX_OBSERVACOES = 4000;
export const MSG_ESCOLHA_TABELA = 'Escolha a tabela de frete.';

/** Spec 03 §2.3 Freight Review dialog (1000 px): redo audit, approve, change freight table. */
export function RevisaoAuditoriaDialog({ cteId, podeAprovar, onClose }: { cteId: number; podeAprovar: boolean; onClose: () => void }) {
  const { data: cte } = useCte(cteId);
  return (
    <Dialog open title={`Revisar auditoria do frete${cte ? ` ${cte.numero}` : ''}`} onClose={onClose} width={1000}>
      {cte ? <Revisao key={`${cte.id}-${cte.versao}-${cte.status}`} cte={cte} podeAprovar={podeAprovar} onClose={onClose} /> : <p className={formGrid.carregando}>Carregando…</p>}
    </Dialog>
  );
}

function Revisao({ cte, podeAprovar, onClose }: { cte: CteCompleto; podeAprovar: boolean; onClose: () => void }) {
  const a = cte.auditoria;
  // podeTransitar is the machine the server also runs: the buttons follow it (spec 03 §4).
  const pode = {
    refazer: podeTransitar(cte.status, 'REFAZER_AUDITORIA'),
    aprovar: podeTransitar(cte.status, 'APROVAR') && podeAprovar,
    trocar: podeTransitar(cte.status, 'TROCAR_TABELA'),
  };
  // Spec 03 §2.3: value and observation locked when AUDITADO_REVISADO (and whenever approving is not allowed).
  const travado = cte.status === 'AUDITADO_REVISADO' || !pode.aprovar;
  const [valorCorreto, setValorCorreto] = useState(a?.valorCorreto ?? a?.valorTotal ?? cte.valorTotal);
  const [observacoes, setObservacoes] = useState(a?.observacoes ?? '');
  const [tabela, setTabela] = useState('');
  const [encaminhando, setEncaminhando] = useState(false);
  useUnsavedChanges({ valorCorreto, observacoes });
  const dataDespacho = dataSaoPaulo(cte.dataEmissao);
  const tabelas = useTabelasParaCte(pode.trocar ? (cte.transportadora?.id ?? null) : null, dataDespacho);
  const mostrar = useShowMessages();
  const aviso = (mensagens: string[]) => mostrar(mensagens, TITULO_ADVERTENCIA);
  const validar = useValidate(TITULO_ADVERTENCIA);
  const auditar = useAcaoCte(auditarCtes);
  const aprovar = useAcaoCte(aprovarCtes);
  const trocar = useAcaoCte(trocarTabelaCte);
  const ocupado = auditar.isPending || aprovar.isPending || trocar.isPending;
  const aoTerminar = { onSuccess: (r: Parameters<typeof mensagensDoLote>[0]) => mostrar(mensagensDoLote(r)) };

  const refazer = () => {
    if (!pode.refazer || ocupado) return;
    auditar.mutate({ ctes: [cte.id], refazer: true }, aoTerminar);
  };
  const aprovarFrete = () => {
    if (!pode.aprovar || ocupado) return;
    const dados = validar(aprovarSchema, { ctes: [cte.id], base: 'AUDITORIA', valorCorreto: valorCorreto || undefined, observacoes: observacoes || undefined });
    if (dados) aprovar.mutate(dados, { onSuccess: (r) => (mostrar(mensagensDoLote(r)), onClose()) });
  };
  const trocarTabela = () => {
    if (!pode.trocar || ocupado) return;
    if (tabela === '') return aviso([MSG_ESCOLHA_TABELA]);
    const dados = validar(trocarTabelaSchema, { cte: cte.id, tabelaFrete: Number(tabela) });
    if (dados) trocar.mutate(dados, aoTerminar);
  };
  useCommands([
    { id: 'revisao.refazer', title: 'Refazer auditoria', group: 'Ações', keys: ['Alt+R'], when: () => pode.refazer, run: refazer },
    { id: 'revisao.aprovar', title: 'Aprovar frete', group: 'Ações', keys: ['Ctrl+S'], when: () => pode.aprovar, run: aprovarFrete },
    { id: 'revisao.encaminhar', title: TITULO_ENCAMINHAR, group: 'Ações', keys: [TECLA_ENCAMINHAR], when: () => pode.aprovar, run: () => setEncaminhando(true) },
    { id: 'revisao.trocar', title: 'Trocar tabela de frete', group: 'Ações', keys: ['Alt+T'], when: () => pode.trocar, run: trocarTabela },
  ]);

  const opcoesTabela = [
    { value: '', label: tabelas.isFetching ? 'Carregando…' : (tabelas.data?.length ?? 0) === 0 ? 'Nenhuma tabela vigente' : 'Selecione' },
    ...(tabelas.data ?? []).map((t) => ({ value: String(t.id), label: `${formatDateBr(t.inicio)} a ${t.fim ? formatDateBr(t.fim) : 'sem fim'}` })),
  ];

  return (
    <div className={formGrid.corpo}>
      <p>
        Status do frete: <StatusIcon status={cte.status} texto /> · Transportadora: {cte.transportadora?.nome ?? cte.emitente}
      </p>
      {cte.aguardandoAprovacao && <p role="status" aria-label="Aprovação pendente">{cte.aguardandoAprovacao}</p>}
      {a ? <ResumoAuditoria auditoria={a} /> : <p>Este CT-e ainda não foi auditado.</p>}
      {a && a.mensagens.length > 0 && (
        <ul className={estilosAuditoria.lista} aria-label="Mensagens da auditoria">
          {a.mensagens.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <div className={estilos.secoes}>
        <section className={estilos.secao} aria-label="Aprovar frete">
          <h3 className={estilosAuditoria.subtitulo}>Aprovar</h3>
          <DecimalInput label="Valor correto" value={valorCorreto} onValueChange={setValorCorreto} disabled={travado} />
          <label className={estilos.rotulo}>
            Observações
            <textarea className={estilos.observacoes} value={observacoes} maxLength={MAX_OBSERVACOES} disabled={travado} onChange={(e) => setObservacoes(e.target.value)} />
          </label>
          <Button variant="primary" onClick={aprovarFrete} disabled={!pode.aprovar || ocupado} aria-keyshortcuts="Control+S">
            Aprovar <KeyCombo keys={['Ctrl+S']} />
          </Button>
          {/* Issue 29: above one's limit the approval is refused; forwarded to a higher level instead. */}
          <Button onClick={() => setEncaminhando(true)} disabled={!pode.aprovar || ocupado} aria-keyshortcuts={TECLA_ENCAMINHAR}>
            {TITULO_ENCAMINHAR} <KeyCombo keys={[TECLA_ENCAMINHAR]} />
          </Button>
        </section>
        <section className={estilos.secao} aria-label="Trocar tabela de frete">
          <h3 className={estilosAuditoria.subtitulo}>Trocar tabela</h3>
          <SelectField label="Tabela de frete" value={tabela} onValueChange={setTabela} options={opcoesTabela} disabled={!pode.trocar} />
          <Button onClick={trocarTabela} disabled={!pode.trocar || ocupado} aria-keyshortcuts="Alt+T">
            Trocar tabela <KeyCombo keys={['Alt+T']} />
          </Button>
        </section>
      </div>
      <DialogButtons>
        <Button onClick={refazer} disabled={!pode.refazer || ocupado} aria-keyshortcuts="Alt+R">
          Refazer auditoria <KeyCombo keys={['Alt+R']} />
        </Button>
      </DialogButtons>
      {encaminhando && <EncaminharAprovacaoDialog ctes={[cte.id]} onClose={() => setEncaminhando(false)} />}
    </div>
  );
}
