import type { AuditoriaCte } from '../../../contracts/ctes';
import { formatBrl } from '../../../domain/format-brl';
import { formatarDataHora } from '../../../domain/cte/formatar-cte';
import { estilosAuditoria as s } from './resultado-auditoria-panel';
import { ROTULO_AUDITORIA } from './status-labels';

const quando = (iso: string) => formatarDataHora(iso) ?? iso;

/**
 * Every audit of the CT-e, newest first (docs/decisoes.md §10: a new audit never deletes an old one): when, by whom, with
 * which table, the expected value, the verdict, and the approval with its observation.
 */
export function HistoricoAuditoria({ auditorias }: { auditorias: AuditoriaCte[] }) {
  if (auditorias.length === 0) return null;
  return (
    <section aria-label="Histórico de auditorias">
      <h4 className={s.subtitulo}>Histórico de auditorias</h4>
      <table className={s.tabela} aria-label="Auditorias do CT-e">
        <thead>
          <tr>
            <th>Auditado em</th>
            <th>Responsável</th>
            <th>Tabela de frete</th>
            <th data-numero>Valor da auditoria</th>
            <th>Resultado</th>
            <th data-numero>Valor correto</th>
            <th>Observações</th>
          </tr>
        </thead>
        <tbody>
          {auditorias.map((a, i) => (
            <tr key={a.id} aria-current={i === 0 ? 'true' : undefined}>
              <td>
                {quando(a.auditadoEm)}
                {i === 0 ? ' (atual)' : ''}
              </td>
              <td>{a.responsavel?.nome ?? '—'}</td>
              <td>{a.tabelaFrete ? `nº ${a.tabelaFrete.id}${a.tabelaEscolhida ? ' (escolhida)' : ''}` : '—'}</td>
              <td data-numero>{a.valorTotal === null ? '—' : formatBrl(a.valorTotal)}</td>
              <td>
                {ROTULO_AUDITORIA[a.status] ?? a.status}
                {a.revisadoEm ? ` em ${quando(a.revisadoEm)}` : ''}
              </td>
              <td data-numero>{a.valorCorreto === null ? '—' : formatBrl(a.valorCorreto)}</td>
              <td>{a.observacoes ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
