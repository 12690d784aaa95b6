import type { Ref } from 'react';
import type { ResultadoCalculo } from '../../../../contracts/calculo-frete';
import { formatBrl } from '../../../../domain/format-brl';
import { formatDateBr } from '../../../../domain/format-date-br';
import { Button } from '../../../ui/button';
import { resultStyles as s } from '../../../ui/result-styles';

export interface CotacaoTabProps {
  resultados: ResultadoCalculo[] | null;
  /** The dispatch date the results were calculated for (YYYY-MM-DD). */
  dataDespacho: string | null;
  imprimindo: boolean;
  onImprimir: () => void;
  botaoImprimir?: Ref<HTMLButtonElement>;
}

/** Tab 2 "Cotação" (spec 02 §2): per result the carrier and the total (FALHA as such), and the print button. */
export function CotacaoTab({ resultados, dataDespacho, imprimindo, onImprimir, botaoImprimir }: CotacaoTabProps) {
  if (!resultados) return <p className={s.vazio}>Informe os detalhes e use Calcular (Ctrl+Enter).</p>;
  return (
    <div className={s.bloco}>
      <p aria-label="Data da cotação">Cotação para despacho em {formatDateBr(dataDespacho)}</p>
      <table className={s.tabela} aria-label="Cotação">
        <thead>
          <tr>
            <th>Transportadora</th>
            <th data-numero>Total</th>
          </tr>
        </thead>
        <tbody>
          {resultados.length === 0 && (
            <tr>
              <td colSpan={2}>Nenhum registro encontrado</td>
            </tr>
          )}
          {resultados.map((r) => (
            <tr key={r.transportadora.id}>
              <td>{r.transportadora.razaoSocial}</td>
              <td data-numero>{r.status === 'FALHA' ? <span className={s.falha}>FALHA</span> : formatBrl(r.valorTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={s.barra}>
        <Button ref={botaoImprimir} variant="primary" disabled={imprimindo || resultados.length === 0} onClick={onImprimir}>
          Imprimir cotação
        </Button>
      </div>
    </div>
  );
}
