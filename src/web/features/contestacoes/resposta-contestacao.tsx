import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { contestacaoResponderSchema, MSG_VALOR_ACEITO_PARCIAL, type Contestacao, type ContestacaoResponder } from '../../../contracts/contestacoes';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { DecimalInput } from '../../ui/decimal-input';
import { KeyCombo } from '../../ui/key-combo';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';
import { responderContestacao, useAcaoContestacao } from './contestacoes-api';

type Resultado = ContestacaoResponder['resultado'];

export const OPCOES_RESULTADO: { value: Resultado; label: string }[] = [
  { value: 'ACEITA', label: 'Aceita' },
  { value: 'RECUSADA', label: 'Recusada' },
  { value: 'PARCIAL', label: 'Aceita em parte' },
];

const estilos = {
  secao: css({ display: 'flex', flexDirection: 'column', gap: '2', borderWidth: '1px', borderColor: 'gray.200', borderRadius: 'md', p: '3' }),
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold' }),
  barra: css({ display: 'flex', gap: '2', justifyContent: 'flex-end' }),
  texto: css({ width: '100%', minHeight: '64px', borderWidth: '1px', borderColor: 'gray.300', borderRadius: 'md', px: '2', py: '1', fontSize: 'sm' }),
  rotulo: css({ fontSize: 'sm', fontWeight: 'medium', display: 'flex', flexDirection: 'column', gap: '1' }),
};

/**
 * "Registrar resposta": the carrier's answer — Aceita (the whole disputed value is credited), Recusada, or Aceita em
 * parte with the accepted value; the credit note / discount number and notes. Ctrl+S records it.
 */
export function RespostaContestacao({ c, onFim }: { c: Contestacao; onFim: () => void }) {
  const [resultado, setResultado] = useState<Resultado>('ACEITA');
  const [valorAceito, setValorAceito] = useState('');
  const [documentoCredito, setDocumentoCredito] = useState('');
  const [observacoes, setObservacoes] = useState('');
  const mostrar = useShowMessages();
  const validar = useValidate(TITULO_ADVERTENCIA);
  const responder = useAcaoContestacao(responderContestacao);
  const registrar = () => {
    if (responder.isPending) return;
    const parcial = resultado === 'PARCIAL';
    if (parcial && !valorAceito.trim()) return mostrar([MSG_VALOR_ACEITO_PARCIAL], TITULO_ADVERTENCIA);
    const dados = validar(contestacaoResponderSchema, {
      versao: c.versao,
      resultado,
      ...(parcial ? { valorAceito: valorAceito.trim() } : {}),
      documentoCredito: documentoCredito.trim() || undefined,
      observacoes: observacoes.trim() || undefined,
    });
    if (dados) responder.mutate({ id: c.id, ...dados }, { onSuccess: onFim });
  };
  useCommands([{ id: 'contestacao.registrar-resposta', title: 'Registrar a resposta', group: 'Ações', keys: ['Ctrl+S'], run: registrar }]);
  return (
    <section className={estilos.secao} aria-label="Resposta da transportadora">
      <h3 className={estilos.titulo}>Resposta da transportadora</h3>
      <SelectField label="Resposta" value={resultado} onValueChange={(v) => setResultado(v as Resultado)} options={OPCOES_RESULTADO} data-autofocus />
      {resultado === 'PARCIAL' && <DecimalInput label="Valor aceito" value={valorAceito} onValueChange={setValorAceito} decimals={2} />}
      {resultado !== 'RECUSADA' && <TextField label="Nota de crédito / desconto" value={documentoCredito} onValueChange={setDocumentoCredito} maxLength={40} />}
      <label className={estilos.rotulo}>
        Observações
        <textarea className={estilos.texto} value={observacoes} maxLength={2000} onChange={(e) => setObservacoes(e.target.value)} />
      </label>
      <div className={estilos.barra}>
        <Button onClick={onFim}>Desistir</Button>
        <Button variant="primary" onClick={registrar} disabled={responder.isPending} aria-keyshortcuts="Control+S">
          Registrar resposta <KeyCombo keys={['Ctrl+S']} />
        </Button>
      </div>
    </section>
  );
}
