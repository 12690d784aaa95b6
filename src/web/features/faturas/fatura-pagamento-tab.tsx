import { css } from '../../../../styled-system/css';
import type { FaturaCompleta } from '../../../contracts/faturas';
import { REGRAS, ROTULO_SITUACAO_PAGAMENTO, type BloqueioPagamento } from '../../../contracts/pagamentos';
import { formatBrl } from '../../../domain/format-brl';
import { FaturaCard } from './fatura-card';

const estilos = {
  corpo: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  tabela: css({ width: '100%', fontSize: 'sm', borderCollapse: 'collapse', '& th, & td': { px: '2', py: '1', borderBottomWidth: '1px', borderColor: 'gray.200', textAlign: 'left', verticalAlign: 'top' } }),
  nota: css({ fontSize: 'sm', color: 'gray.600' }),
  bloqueada: css({ color: 'red.700', fontWeight: 'semibold' }),
};

export const MSG_SEM_BLOQUEIOS = 'Nenhum bloqueio: nenhuma regra de liberação impede o pagamento desta fatura.';

/** The fatura's payment: its situation, the values (to pay, disputed, discounted) and every block, line by line. */
export function FaturaPagamentoTab({ fatura: f }: { fatura: FaturaCompleta }) {
  const bloqueada = f.situacaoPagamento === 'BLOQUEADA';
  return (
    <div className={estilos.corpo}>
      <FaturaCard
        titulo="Pagamento"
        campos={[
          ['Situação', <span className={bloqueada ? estilos.bloqueada : undefined}>{ROTULO_SITUACAO_PAGAMENTO[f.situacaoPagamento]}</span>],
          ['Valor a pagar', formatBrl(f.valorAPagar)],
          ['Valor contestado', formatBrl(f.valorContestado)],
          ['Desconto de contestações', formatBrl(f.descontoContestacoes)],
        ]}
      />
      <FaturaCard titulo="Bloqueios">
        {f.bloqueios.length === 0 ? <p className={estilos.nota}>{MSG_SEM_BLOQUEIOS}</p> : <TabelaBloqueios bloqueios={f.bloqueios} />}
      </FaturaCard>
    </div>
  );
}

function TabelaBloqueios({ bloqueios }: { bloqueios: BloqueioPagamento[] }) {
  return (
    <table className={estilos.tabela} aria-label="Bloqueios da fatura">
      <thead>
        <tr>
          <th scope="col">CT-e</th>
          <th scope="col">Regra</th>
          <th scope="col">Motivo</th>
          <th scope="col">Quem desbloqueia</th>
        </tr>
      </thead>
      <tbody>
        {bloqueios.map((b, i) => (
          <tr key={`${b.regra}-${b.faturaCteId ?? 'fatura'}-${i}`}>
            <td>{b.cte ?? 'Fatura'}</td>
            <td>{REGRAS[b.regra]?.rotulo ?? b.regra}</td>
            <td>{b.motivo}</td>
            <td>{b.quemDesbloqueia}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
