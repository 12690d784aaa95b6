import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { REGRAS, REGRAS_BLOQUEIO, regrasPagamentoSchema, type RegraBloqueio, type RegrasPagamento } from '../../../contracts/pagamentos';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { NumberInput } from '../../ui/number-input';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';
import { useRegrasPagamento, useSalvarRegrasPagamento } from './pagamento-config-api';

const estilos = {
  regras: css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0', maxWidth: '760px' }),
  legenda: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'gray.800', mb: '1' }),
  ajuda: css({ fontSize: 'xs', color: 'gray.600', pl: '6' }),
  curto: css({ maxWidth: '240px' }),
};

/** Tab Pagamento (ADMIN): which situations block a fatura's payment, "pagar o incontroverso", the conferência's days. */
export function RegrasPagamentoTab() {
  const consulta = useRegrasPagamento();
  if (!consulta.data) return <p role="status">Carregando…</p>;
  return <Formulario key={consulta.data.versao ?? 0} regras={consulta.data} />;
}

function Regra({ regra, ligada, alternar }: { regra: RegraBloqueio; ligada: boolean; alternar: () => void }) {
  const idAjuda = useId();
  return (
    <div>
      <label className={formGrid.alternar}>
        <input type="checkbox" checked={ligada} onChange={alternar} aria-describedby={idAjuda} />
        {REGRAS[regra].rotulo}
      </label>
      <p id={idAjuda} className={estilos.ajuda}>
        Quem desbloqueia: {REGRAS[regra].quemDesbloqueia}
      </p>
    </div>
  );
}

function Formulario({ regras: r }: { regras: RegrasPagamento }) {
  const [bloqueios, setBloqueios] = useState(r.bloqueios);
  const [pagarIncontroverso, setPagarIncontroverso] = useState(r.pagarIncontroverso);
  const [prazo, setPrazo] = useState(r.prazoConferenciaDias);
  const validar = useValidate();
  const mostrar = useShowMessages();
  const salvarRegras = useSalvarRegrasPagamento();

  const salvar = () => {
    if (salvarRegras.isPending) return;
    const dados = validar(regrasPagamentoSchema, { bloqueios, pagarIncontroverso, prazoConferenciaDias: prazo, versao: r.versao });
    // A stale version (409) shows the server's message through the failure routing.
    if (dados) salvarRegras.mutate(dados, { onSuccess: (resposta) => resposta.mensagens.length > 0 && mostrar(resposta.mensagens) });
  };
  useCommands([{ id: 'configuracoes.pagamento.salvar', title: 'Salvar regras de pagamento', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);

  return (
    <div className={formGrid.corpo}>
      <fieldset className={estilos.regras}>
        <legend className={estilos.legenda}>Regras de liberação: a fatura com uma linha nestas situações fica bloqueada</legend>
        {REGRAS_BLOQUEIO.map((regra) => (
          <Regra key={regra} regra={regra} ligada={bloqueios[regra]} alternar={() => setBloqueios((b) => ({ ...b, [regra]: !b[regra] }))} />
        ))}
      </fieldset>
      <label className={formGrid.alternar}>
        <input type="checkbox" checked={pagarIncontroverso} onChange={() => setPagarIncontroverso(!pagarIncontroverso)} />
        Pagar o incontroverso (liberar a fatura cujos únicos bloqueios são contestações em aberto, pelo valor sem elas)
      </label>
      <div className={estilos.curto}>
        <NumberInput label="Prazo da conferência (dias)" value={prazo} onValueChange={setPrazo} min={0} max={60} />
      </div>
      <div className={formGrid.botoes}>
        <Button variant="primary" aria-keyshortcuts="Control+S" disabled={salvarRegras.isPending} onClick={salvar}>
          Salvar <KeyCombo keys={['Ctrl+S']} />
        </Button>
      </div>
    </div>
  );
}
