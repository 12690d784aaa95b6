import type { CteCompleto } from '../../../contracts/ctes';
import type { IcmsCte } from '../../../contracts/cte-documento';
import { escolherPesoCarga } from '../../../domain/cte/escolher-peso-carga';
import { formatarPesoKg, formatarQuantidade } from '../../../domain/cte/formatar-cte';
import { rotuloGrupoIcms, rotuloUnidade } from '../../../domain/cte/rotulos-cte';
import { formatBrl } from '../../../domain/format-brl';
import { formatPercentBr } from '../../../domain/format-number-br';
import { estilosAuditoria as s } from './resultado-auditoria-panel';
import { ReadOnlyFields, type Campo } from './read-only-fields';

/** Only the fields the document has: a group without a reduction shows none. */
const se = (condicao: unknown, campos: Campo[]): Campo[] => (condicao !== null && condicao !== undefined && condicao !== false ? campos : []);

function camposIcms(icms: IcmsCte | null, d: CteCompleto['documento']): Campo[] {
  const tributos: Campo[] = [...se(d.valorTotalTributos, [['Valor aproximado dos tributos', formatBrl(d.valorTotalTributos)]]), ...se(d.observacaoFisco, [['Informações ao fisco', d.observacaoFisco]])];
  if (!icms) return [['ICMS', 'Não informado'], ...tributos];
  return [
    ['Situação', rotuloGrupoIcms(icms.grupo)],
    ['CST', icms.cst],
    ...se(icms.simplesNacional, [['Simples Nacional', icms.indicadorSimplesNacional === false ? 'Não' : 'Sim']]),
    ['Base de cálculo', formatBrl(icms.baseCalculo)],
    ...se(icms.reducaoBaseCalculo, [['Redução da base de cálculo', formatPercentBr(icms.reducaoBaseCalculo)]]),
    ['Alíquota', formatPercentBr(icms.aliquota)],
    ['Valor', formatBrl(icms.valor)],
    ...se(icms.substituicao, [
      ['Base retida (ST)', formatBrl(icms.substituicao?.baseCalculo)],
      ['Alíquota ST', formatPercentBr(icms.substituicao?.aliquota)],
      ['Valor retido (ST)', formatBrl(icms.substituicao?.valor)],
    ]),
    ...se(icms.valorCredito, [['Crédito outorgado ou presumido', formatBrl(icms.valorCredito)]]),
    ...tributos,
  ];
}

/** Tab "Carga/Prestação" (spec 03 §2.2): cargo, service value components, ICMS. */
export function CteCargaTab({ cte }: { cte: CteCompleto }) {
  const { carga, prestacao, icms } = cte.documento;
  const peso = escolherPesoCarga(carga.itens);
  return (
    <div className={s.bloco}>
      <ReadOnlyFields
        titulo="Carga"
        campos={[
          ['Produto predominante', carga.produtoPredominante],
          ['Valor total da carga', formatBrl(carga.valorTotal)],
          // The line the weight is taken from, by the same rule processing and the audit use.
          ['Peso informado no CT-e', peso ? `${formatarPesoKg(peso.kg)} (${peso.tipoMedida})` : 'Nenhuma quantidade em peso'],
        ]}
      />
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
              <td>{rotuloUnidade(i.unidade)}</td>
              <td data-numero>{formatarQuantidade(i.quantidade, i.unidade)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ReadOnlyFields titulo="Prestação do serviço" campos={[['Valor total da prestação', formatBrl(prestacao.valorTotal)], ['Valor a receber', formatBrl(prestacao.valorReceber)]]} />
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
      <ReadOnlyFields titulo="ICMS e tributos" campos={camposIcms(icms, cte.documento)} />
    </div>
  );
}
