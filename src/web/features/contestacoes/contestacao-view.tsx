import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { ROTULO_MOTIVO_CONTESTACAO, ROTULO_STATUS_CONTESTACAO, type Contestacao } from '../../../contracts/contestacoes';
import { formatarCnpjCpf } from '../../../domain/cte/formatar-cte';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { podeContestacao } from '../../../../machines/contestacao';
import { noticeBus } from '../../api/notice-bus';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { LabelValueList, type CampoLeitura } from '../../ui/label-value-list';
import { baixarCartaContestacao, emailContestacao, encerrarContestacao, enviarContestacao, useAcaoContestacao, useContestacao } from './contestacoes-api';
import { ContestacaoLinhas } from './contestacao-linhas';
import { RespostaContestacao } from './resposta-contestacao';

export const TECLAS_CONTESTACAO = { enviar: 'Alt+E', responder: 'Alt+R', encerrar: 'Alt+X', carta: 'Alt+B', email: 'Alt+M' } as const;
export const MSG_EMAIL_COPIADO = 'Texto do e-mail copiado.';
export const MSG_CARTA_BAIXADA = 'Carta da contestação baixada.';

const estilos = { status: css({ fontWeight: 'semibold' }) };

const quando = (d: string | null) => (d ? formatDateBr(d) : null);

function campos(c: Contestacao): CampoLeitura[] {
  return [
    ['Número', String(c.numero)],
    ['Status', <span className={estilos.status}>{ROTULO_STATUS_CONTESTACAO[c.status]}</span>],
    ['Motivo', ROTULO_MOTIVO_CONTESTACAO[c.motivo]],
    ['Transportadora', `${c.transportadora} (${formatarCnpjCpf(c.transportadoraCnpj)})`],
    ['Fatura', c.faturaNumero],
    ['Prazo de resposta', formatDateBr(c.prazo)],
    ['Valor contestado', formatBrl(c.valorContestado)],
    ['Valor aceito', c.valorAceito === null ? null : formatBrl(c.valorAceito)],
    ['Nota de crédito / desconto', c.documentoCredito],
    ['Aberta em', `${formatDateBr(c.abertaEm)} por ${c.abertaPor}`],
    ['Enviada em', quando(c.enviadaEm)],
    ['Respondida em', quando(c.respondidaEm)],
    ['Encerrada em', quando(c.encerradaEm)],
    ['Descrição', c.descricao],
  ];
}

/** The dispute: its data, its lines, and the actions machines/contestacao.ts allows in its status (FRETE_PAG_E). */
export function ContestacaoView({ id, podeExecutar }: { id: number; podeExecutar: boolean }) {
  const { data: c, isError } = useContestacao(id);
  if (!c) return <p className={formGrid.carregando}>{isError ? 'Não foi possível carregar a contestação.' : 'Carregando…'}</p>;
  return <Detalhe key={`${c.id}-${c.versao}`} c={c} podeExecutar={podeExecutar} />;
}

function Detalhe({ c, podeExecutar }: { c: Contestacao; podeExecutar: boolean }) {
  const [respondendo, setRespondendo] = useState(false);
  const enviar = useAcaoContestacao(enviarContestacao);
  const encerrar = useAcaoContestacao(encerrarContestacao);
  const ocupado = enviar.isPending || encerrar.isPending;
  const pode = {
    enviar: podeExecutar && podeContestacao(c.status, 'ENVIAR'),
    responder: podeExecutar && podeContestacao(c.status, 'RESPONDER'),
    encerrar: podeExecutar && podeContestacao(c.status, 'ENCERRAR'),
  };
  const acoes = {
    enviar: () => !ocupado && enviar.mutate(c),
    responder: () => setRespondendo(true),
    encerrar: () => !ocupado && encerrar.mutate(c),
    carta: () => void baixarCartaContestacao(c).then(() => noticeBus.publicar(MSG_CARTA_BAIXADA)),
    email: () =>
      void emailContestacao(c.id)
        .then((e) => navigator.clipboard.writeText(`${e.assunto}\n\n${e.corpo}`))
        .then(() => noticeBus.publicar(MSG_EMAIL_COPIADO)),
  };
  const t = TECLAS_CONTESTACAO;
  useCommands([
    { id: 'contestacao.enviar', title: 'Enviar contestação', group: 'Ações', keys: [t.enviar], when: () => pode.enviar, run: acoes.enviar },
    { id: 'contestacao.responder', title: 'Registrar resposta da transportadora', group: 'Ações', keys: [t.responder], when: () => pode.responder && !respondendo, run: acoes.responder },
    { id: 'contestacao.encerrar', title: 'Encerrar contestação', group: 'Ações', keys: [t.encerrar], when: () => pode.encerrar, run: acoes.encerrar },
    { id: 'contestacao.carta', title: 'Baixar carta da contestação (PDF)', group: 'Ações', keys: [t.carta], run: acoes.carta },
    { id: 'contestacao.email', title: 'Copiar e-mail da contestação', group: 'Ações', keys: [t.email], run: acoes.email },
  ]);
  return (
    <div className={formGrid.corpo}>
      <section aria-label="Dados da contestação">
        <LabelValueList campos={campos(c)} coluna={170} />
      </section>
      <ContestacaoLinhas linhas={c.linhas} />
      {respondendo && pode.responder && <RespostaContestacao c={c} onFim={() => setRespondendo(false)} />}
      <DialogButtons>
        {pode.enviar && <Acao rotulo="Enviar" tecla={t.enviar} onClick={acoes.enviar} disabled={ocupado} />}
        {pode.responder && !respondendo && <Acao rotulo="Registrar resposta" tecla={t.responder} onClick={acoes.responder} />}
        {pode.encerrar && <Acao rotulo="Encerrar" tecla={t.encerrar} onClick={acoes.encerrar} disabled={ocupado} />}
        <Acao rotulo="Baixar carta (PDF)" tecla={t.carta} onClick={acoes.carta} />
        <Acao rotulo="Copiar e-mail" tecla={t.email} onClick={acoes.email} />
      </DialogButtons>
    </div>
  );
}

function Acao({ rotulo, tecla, onClick, disabled }: { rotulo: string; tecla: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button onClick={onClick} disabled={disabled} aria-keyshortcuts={tecla}>
      {rotulo} <KeyCombo keys={[tecla]} />
    </Button>
  );
}
