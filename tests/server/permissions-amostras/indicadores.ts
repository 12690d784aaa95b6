import type { Amostras } from './tipos';
import { relogio } from '../../../src/domain/relogio';
import { dataSaoPaulo, somarDias } from '../../../src/domain/sao-paulo-date';

// docs/decisoes.md §28: the indicator views and the server CSV. A filter by the demo period the CT-es live in (the
// current month and the two before it, by the CT-e's date): rows exist, so the CSVs answer 200.
const periodo = () => {
  const fim = dataSaoPaulo(relogio.agora())!;
  const inicio = somarDias(fim, -95);
  return `filtroRadioGroup=CTE&dataEmissao_inicio=${inicio}&dataEmissao_fim=${fim}`;
};

export const amostrasIndicadores = (): Amostras => ({
  'GET /api/vw/frete-indicadores-peso-valor': async () => ({ path: `/api/vw/frete-indicadores-peso-valor?${periodo()}&size=5` }),
  'GET /api/vw/frete-indicadores-resumo': async () => ({ path: `/api/vw/frete-indicadores-resumo?${periodo()}` }),
  'GET /api/vw/frete-indicadores-base': async () => ({ path: `/api/vw/frete-indicadores-base?${periodo()}&size=5` }),
  // A fatura number nobody has: the guard is passed, the answer is §8's 404 (no rows), not a million-row CSV.
  'GET /api/indicadores/exportar': async () => ({ path: '/api/indicadores/exportar?numeroFatura=SEM-AMOSTRA', status: 404 }),
  'GET /api/indicadores/exportar-base': async () => ({ path: '/api/indicadores/exportar-base?numeroFatura=SEM-AMOSTRA', status: 404 }),
  'POST /api/indicadores/frete-base': async () => ({ path: `/api/indicadores/frete-base?numeroFatura=SEM-AMOSTRA`, status: 404 }),
});
