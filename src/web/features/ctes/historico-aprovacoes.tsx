import { ROTULO_NIVEL, type AprovacaoRegistrada } from '../../../contracts/alcadas';
import { formatBrl } from '../../../domain/format-brl';
import { formatarDataHora } from '../../../domain/cte/formatar-cte';
import { estilosAuditoria as s } from './resultado-auditoria-panel';

export const ROTULO_TIPO_APROVACAO: Record<AprovacaoRegistrada['tipo'], string> = {
  APROVACAO: 'Aprovação',
  ENCAMINHAMENTO: 'Encaminhamento',
  LIBERACAO: 'Liberação',
  RECUSA: 'Recusa',
};

/** The CT-e's approvals, forwards and refusals (issue 29), newest first: who, when, the difference and the reason. */
export function HistoricoAprovacoes({ aprovacoes }: { aprovacoes: readonly AprovacaoRegistrada[] }) {
  if (aprovacoes.length === 0) return null;
  return (
    <section aria-label="Histórico de aprovações">
      <h4 className={s.subtitulo}>Histórico de aprovações</h4>
      <table className={s.tabela} aria-label="Aprovações do CT-e">
        <thead>
          <tr>
            <th>Em</th>
            <th>Quem</th>
            <th>Ação</th>
            <th data-numero>Diferença</th>
            <th>Motivo</th>
          </tr>
        </thead>
        <tbody>
          {aprovacoes.map((a) => (
            <tr key={a.id}>
              <td>{formatarDataHora(a.em) ?? a.em}</td>
              <td>{`${a.usuario} (${ROTULO_NIVEL[a.nivel] ?? a.nivel})`}</td>
              <td>{ROTULO_TIPO_APROVACAO[a.tipo] ?? a.tipo}</td>
              <td data-numero>{formatBrl(a.diferenca)}</td>
              <td>{a.motivo ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
