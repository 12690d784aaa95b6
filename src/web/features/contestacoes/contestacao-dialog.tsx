import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import {
  contestacaoAbrirSchema,
  MOTIVOS_CONTESTACAO,
  PRAZO_CONTESTACAO_DIAS,
  ROTULO_MOTIVO_CONTESTACAO,
  type Contestacao,
  type MotivoContestacao,
} from '../../../contracts/contestacoes';
import { relogio } from '../../../domain/relogio';
import { dataSaoPaulo, somarDias } from '../../../domain/sao-paulo-date';
import { useCommands } from '../../commands/use-commands';
import { DateInput } from '../../ui/date-input';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { SelectField } from '../../ui/select-field';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';
import { abrirContestacao, useAcaoContestacao } from './contestacoes-api';
import type { AlvoContestacao, PedidoContestacao } from '../../ui/contestacao-opener';
import { ContestacaoView } from './contestacao-view';

/** What a dispute is opened over: CT-es (the CT-e detail), fatura lines (the Fretes tab) or a whole fatura. */

/** The dialog opens a new dispute (`pedido`, with a line saying over what) or shows one (`id`). */

export const MSG_ESCOLHA_MOTIVO = 'Escolha o motivo da contestação.';
export const MAX_DESCRICAO = 2000;

const estilos = {
  sobre: css({ fontSize: 'sm', color: 'gray.700' }),
  rotulo: css({ fontSize: 'sm', fontWeight: 'medium', display: 'flex', flexDirection: 'column', gap: '1' }),
  texto: css({ width: '100%', minHeight: '96px', borderWidth: '1px', borderColor: 'gray.300', borderRadius: 'md', px: '2', py: '1', fontSize: 'sm' }),
};

const OPCOES_MOTIVO = [{ value: '', label: 'Selecione' }, ...MOTIVOS_CONTESTACAO.map((m) => ({ value: m, label: ROTULO_MOTIVO_CONTESTACAO[m] }))];

/**
 * "Contestar" (issue 29): the form (motivo, descrição, prazo; Ctrl+S opens the dispute), then the dispute itself
 * with the actions its status allows (`podeExecutar`: FRETE_PAG_E). Esc closes.
 */
export function ContestacaoDialog({ alvo, podeExecutar, onClose }: { alvo: AlvoContestacao; podeExecutar: boolean; onClose: () => void }) {
  const [id, setId] = useState<number | null>('id' in alvo ? alvo.id : null);
  return (
    <Dialog open title="Contestação" onClose={onClose} width={1000}>
      {id !== null ? <ContestacaoView id={id} podeExecutar={podeExecutar} /> : 'pedido' in alvo && <AbrirContestacao pedido={alvo.pedido} sobre={alvo.sobre} onAberta={(c) => setId(c.id)} />}
    </Dialog>
  );
}

function AbrirContestacao({ pedido, sobre, onAberta }: { pedido: PedidoContestacao; sobre: string; onAberta: (c: Contestacao) => void }) {
  const [motivo, setMotivo] = useState<MotivoContestacao | ''>('');
  const [descricao, setDescricao] = useState('');
  const [prazo, setPrazo] = useState(() => somarDias(dataSaoPaulo(relogio.agora()) ?? '', PRAZO_CONTESTACAO_DIAS));
  const mostrar = useShowMessages();
  const validar = useValidate(TITULO_ADVERTENCIA);
  const abrir = useAcaoContestacao(abrirContestacao);
  const confirmar = () => {
    if (abrir.isPending) return;
    if (!motivo) return mostrar([MSG_ESCOLHA_MOTIVO], TITULO_ADVERTENCIA);
    const dados = validar(contestacaoAbrirSchema, { ...pedido, motivo, descricao: descricao.trim() || undefined, prazo: prazo || undefined });
    if (dados) abrir.mutate(dados, { onSuccess: onAberta });
  };
  useCommands([{ id: 'contestacao.abrir', title: 'Abrir contestação', group: 'Ações', keys: ['Ctrl+S'], run: confirmar }]);
  return (
    <div className={formGrid.corpo}>
      <p className={estilos.sobre}>{sobre}</p>
      <SelectField label="Motivo" value={motivo} onValueChange={(v) => setMotivo(v as MotivoContestacao | '')} options={OPCOES_MOTIVO} />
      <label className={estilos.rotulo}>
        Descrição
        <textarea className={estilos.texto} value={descricao} maxLength={MAX_DESCRICAO} onChange={(e) => setDescricao(e.target.value)} />
      </label>
      <DateInput label="Prazo de resposta" value={prazo || null} onValueChange={(d) => setPrazo(d ?? '')} />
      <DialogButtons onConfirm={confirmar} confirmLabel="Abrir contestação" disabled={abrir.isPending} />
    </div>
  );
}
