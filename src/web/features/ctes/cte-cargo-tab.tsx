import { formatBrl } from '../../../domain/format-brl';
import type { CteCompleto } from '../../../contracts/ctes';
import { estilosAuditoria as s } from './audit-result-panel';
import { ReadOnlyFields } from './read-only-fields';

/** Tab "Carga/Prestação" (spec 03 §2.2): cargo, service value components, ICMS. */
export function CteCargoTab({ cte }: { cte: CteCompleto }) {
  const { carga, prestacao, icms } = cte.documento;
  return (
    <div className={s.bloco}>
      <ReadOnlyFields titulo="Carga" campos={[['Produto predominante', carga.produtoPredominante], ['Valor total da carga', formatBrl(carga.valorTotal)]]} />
      <table className={s.tabela} aria-label="Quantidades da carga">
        <thead>
          <tr>
            <th>Tipo de medida</th>
            <th>Unidade</th>
            <th data-numero>Quantidade</th>
          </tr>
        </thead>
        <tbody>
          {carga.itens.map((i, n) => (
            <tr key={n}>
              <td>{i.tipoMedida}</td>
              <td>{i.unidade}</td>
              <td data-numero>{i.quantidade}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ReadOnlyFields titulo="Prestação do serviço" campos={[['Valor total', formatBrl(prestacao.valorTotal)], ['Valor a receber', formatBrl(prestacao.valorReceber)]]} />
      <table className={s.tabela} aria-label="Componentes do valor da prestação">
        <thead>
          <tr>
            <th>Componente</th>
            <th data-numero>Valor</th>
          </tr>
        </thead>
        <tbody>
          {prestacao.componentes.map((c, n) => (
            <tr key={n}>
              <td>{c.nome}</td>
              <td data-numero>{formatBrl(c.valor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ReadOnlyFields
        titulo="ICMS"
        campos={
          icms
            ? [
                ['CST', icms.cst],
                ['Grupo', icms.grupo],
                ['Base de cálculo', formatBrl(icms.baseCalculo)],
                ['Alíquota (%)', icms.aliquota],
                ['Valor', formatBrl(icms.valor)],
                ...(icms.substituicao
                  ? ([
                      ['Base retida (ST)', formatBrl(icms.substituicao.baseCalculo)],
                      ['Alíquota ST (%)', icms.substituicao.aliquota],
                      ['Valor retido (ST)', formatBrl(icms.substituicao.valor)],
                    ] as [string, string | null][])
                  : []),
              ]
            : [['ICMS', 'Não informado']]
        }
      />
    </div>
  );
}
