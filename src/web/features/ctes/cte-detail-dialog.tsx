import { useId, useState, type ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { cteSalvarSchema, MSG_CONFIRMAR_DESCONSIDERAR, MSG_CONFIRMAR_REPROCESSAR_AUDITADO, type CteCompleto, type StatusCte } from '../../../contracts/ctes';
import { podeTransitar } from '../../../../machines/cte-audit';
import { desconsiderarCte, reprocessarCte, salvarCte, useAcaoCte, useCte } from '../../api/ctes-api';
import { noticeBus } from '../../api/notice-bus';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { useConfirmacao } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { Tabs } from '../../ui/tabs';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';
import { DialogButtons } from '../../ui/dialog-buttons';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { temPermissao } from '../../../domain/permissoes';
// TODO(issue 29): open it through a src/web/ui opener hosted by src/web/app (as cteDetailOpener) once those files exist.
import { contestacaoOpener } from '../../ui/contestacao-opener';
import { HistoricoAprovacoes } from './historico-aprovacoes';
import { HistoricoAuditoria } from './historico-auditoria';
import { ResultadoAuditoriaPanel } from './resultado-auditoria-panel';
import { mensagensDoLote } from './mensagens-lote';
import { CteCargaTab } from './cte-carga-tab';
import { CteMainTab, type EdicaoCte } from './cte-main-tab';
import { CteOcorrenciasTab } from './cte-ocorrencias-tab';
import { CteTomadorTab } from './cte-tomador-tab';

export const TECLA_CONTESTAR_CTE = 'Alt+K';
const aguardando = css({ color: 'amber.900', bg: 'amber.50', borderWidth: '1px', borderColor: 'amber.300', borderRadius: 'md', px: '3', py: '1.5', fontSize: 'sm', fontWeight: 'medium' });

/** Spec 03 §2.2 Disregard: with FRETE_CTE_E, not when DESCONSIDERADO or CANCELADO. */
export const podeDesconsiderar = (status: StatusCte, permissao: boolean) => permissao && status !== 'DESCONSIDERADO' && status !== 'CANCELADO';
/** Spec 03 §2.2 Save: with FRETE_CTE_E, not when LIDO, DESCONSIDERADO, CANCELADO or AUDITADO_SUCESSO. */
export const podeSalvar = (status: StatusCte, permissao: boolean) => permissao && !['LIDO', 'DESCONSIDERADO', 'CANCELADO', 'AUDITADO_SUCESSO'].includes(status);

export interface CteDetailDialogProps {
  cteId: number;
  /** FRETE_CTE_E. */
  podeEditar: boolean;
  onClose: () => void;
}

/** Spec 03 §2.2 CT-e detail dialog (1400 px), five tabs (Alt+1…Alt+5), Ctrl+S saves. */
export function CteDetailDialog({ cteId, podeEditar, onClose }: CteDetailDialogProps) {
  const { data: cte, isError } = useCte(cteId);
  return (
    <Dialog open title={cte ? `Frete ${cte.numero}` : 'Frete'} onClose={onClose} width={1400}>
      {cte ? (
        <Detalhe key={`${cte.id}-${cte.versao}-${cte.status}`} cte={cte} podeEditar={podeEditar} onClose={onClose} />
      ) : (
        <p className={formGrid.carregando}>{isError ? 'Não foi possível carregar o CT-e.' : 'Carregando…'}</p>
      )}
    </Dialog>
  );
}

const inicial = (cte: CteCompleto): EdicaoCte => ({ pesoBruto: cte.pesoBruto ?? '', tipoVeiculo: cte.tipoVeiculo ? String(cte.tipoVeiculo.id) : '', pesos: {} });

/** Save (Ctrl+S): the weights and the vehicle type; a stale version answers 409 and the API client shows why. */
function useGravarCte(cte: CteCompleto, edicao: EdicaoCte, podeGravar: boolean, onClose: () => void) {
  const validar = useValidate(TITULO_ADVERTENCIA);
  const salvar = useAcaoCte(salvarCte);
  const vazio = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());
  const gravar = () => {
    if (!podeGravar || salvar.isPending) return;
    const dados = validar(cteSalvarSchema, {
      id: cte.id,
      versao: cte.versao,
      ...(cte.status === 'LIDO' ? {} : { pesoBruto: vazio(edicao.pesoBruto) }),
      tipoVeiculo: edicao.tipoVeiculo ? { id: Number(edicao.tipoVeiculo) } : null,
      notas: cte.notas.map((n) => ({
        id: n.id,
        pesoBruto: vazio(edicao.pesos[n.id]?.pesoBruto ?? n.pesoBruto),
        pesoLiquido: vazio(edicao.pesos[n.id]?.pesoLiquido ?? n.pesoLiquido),
      })),
    });
    if (dados)
      salvar.mutate(dados, {
        onSuccess: () => {
          noticeBus.publicar('Frete salvo.');
          onClose();
        },
      });
  };
  return { gravar, gravando: salvar.isPending };
}

/**
 * The four tabs (spec 03 §2.2); the audit tab shows the current audit, then every audit (history). Issue 31 adds
 * "Ocorrências" (Alt+5), read only when opened.
 */
function abasDoFrete(cte: CteCompleto, principal: ReactNode, aba: string) {
  return [
    { value: 'principal', label: 'Dados Principais', content: principal },
    { value: 'tomador', label: 'Tomador/Transportadora', content: <CteTomadorTab cte={cte} /> },
    { value: 'carga', label: 'Carga/Prestação', content: <CteCargaTab cte={cte} /> },
    {
      value: 'auditoria',
      label: 'Resultado da Auditoria',
      disabled: cte.auditoria === null,
      content: cte.auditoria ? (
        <>
          <ResultadoAuditoriaPanel auditoria={cte.auditoria} cteId={cte.id} />
          <HistoricoAuditoria auditorias={cte.auditorias} />
          <HistoricoAprovacoes aprovacoes={cte.aprovacoes ?? []} />
        </>
      ) : null,
    },
    { value: 'ocorrencias', label: 'Ocorrências', content: aba === 'ocorrencias' && <CteOcorrenciasTab cteId={cte.id} /> },
  ];
}

function Detalhe({ cte, podeEditar, onClose }: { cte: CteCompleto; podeEditar: boolean; onClose: () => void }) {
  const [edicao, setEdicao] = useState<EdicaoCte>(() => inicial(cte));
  const [aba, setAba] = useState('principal');
  // Per dialog: the CT-e a complement refers to opens in a second detail over this one (issue 31).
  const instancia = useId();
  const mostrar = useShowMessages();
  const confirmacao = useConfirmacao();
  const desconsiderar = useAcaoCte(desconsiderarCte);
  const reprocessar = useAcaoCte(reprocessarCte);
  const pode = { salvar: podeSalvar(cte.status, podeEditar), desconsiderar: podeDesconsiderar(cte.status, podeEditar) };
  const { gravar, gravando } = useGravarCte(cte, edicao, pode.salvar, onClose);
  useUnsavedChanges(edicao);

  const pedirDesconsiderar = () => confirmacao.perguntar(MSG_CONFIRMAR_DESCONSIDERAR, () => desconsiderar.mutate({ id: cte.id, versao: cte.versao }, { onSuccess: onClose }));
  // An audited CT-e goes back to PROCESSADO when reprocessed: asked first (the audits stay as history).
  const reprocessarAgora = () => reprocessar.mutate(cte.id, { onSuccess: (r) => mostrar(mensagensDoLote(r)) });
  const pedirReprocessar = () => (cte.status.startsWith('AUDITADO_') ? confirmacao.perguntar(MSG_CONFIRMAR_REPROCESSAR_AUDITADO, reprocessarAgora) : reprocessarAgora());
  useCommands([
    { id: `${instancia}:cte-detalhe.salvar`, title: 'Salvar frete', group: 'Ações', keys: ['Ctrl+S'], when: () => pode.salvar, run: gravar },
    { id: `${instancia}:cte-detalhe.desconsiderar`, title: 'Desconsiderar frete', group: 'Ações', keys: ['Alt+D'], when: () => pode.desconsiderar, run: pedirDesconsiderar },
    // Issue 29: a dispute over this CT-e (area Pagamentos, FRETE_PAG_C; FRETE_PAG_E then sends and answers it).
    {
      id: `${instancia}:cte-detalhe.contestar`,
      title: 'Contestar CT-e',
      group: 'Ações',
      keys: [TECLA_CONTESTAR_CTE],
      when: ({ usuario }) => usuario !== null && temPermissao(usuario, 'FRETE_PAG_C'),
      run: () => contestacaoOpener.abrir({ pedido: { ctes: [cte.id] }, sobre: `CT-e ${cte.numero}.` }),
    },
  ]);

  const principal = (
    <CteMainTab
      cte={cte}
      edicao={edicao}
      set={(p) => setEdicao((e) => ({ ...e, ...p }))}
      editavel={pode.salvar}
      podeReprocessar={podeTransitar(cte.status, 'REPROCESSAR')}
      reprocessando={reprocessar.isPending}
      onReprocessar={pedirReprocessar}
    />
  );
  return (
    <div className={formGrid.corpo}>
      {cte.aguardandoAprovacao && (
        <p className={aguardando} role="status" aria-label="Aprovação pendente">
          {cte.aguardandoAprovacao}
        </p>
      )}
      <Tabs label="Dados do frete" value={aba} onValueChange={setAba} items={abasDoFrete(cte, principal, aba)} />
      <DialogButtons onConfirm={pode.salvar ? gravar : undefined} disabled={gravando}>
        {pode.desconsiderar && (
          <Button variant="danger" onClick={pedirDesconsiderar} disabled={desconsiderar.isPending} aria-keyshortcuts="Alt+D">
            Desconsiderar <KeyCombo keys={['Alt+D']} />
          </Button>
        )}
      </DialogButtons>
      {confirmacao.dialogo}
    </div>
  );
}
