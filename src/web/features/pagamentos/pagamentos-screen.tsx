import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import { temPermissao } from '../../../domain/permissoes';
import type { ScreenArgs } from '../../ui/screen-args';
import { Tabs } from '../../ui/tabs';
import { DesempenhoAba } from './desempenho-aba';
import { PagamentosFaturasAba } from './pagamentos-faturas-aba';
import { PreFaturasAba } from './pre-faturas-aba';

const titulo = css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' });

/** The tab in the URL: ?aba=desempenho is the scorecard, ?aba=pre-faturas the pré-faturas; none, the faturas. */
export const ABA_DESEMPENHO = 'desempenho';
export const ABA_PRE_FATURAS = 'pre-faturas';
type Aba = 'faturas' | typeof ABA_DESEMPENHO | typeof ABA_PRE_FATURAS;
const ABAS_NA_URL: readonly string[] = [ABA_DESEMPENHO, ABA_PRE_FATURAS];

/**
 * Pagamentos (/pagamentos, issue 29): the faturas by payment situation with their totals and the payables
 * actions, the carriers' scorecard and the pré-faturas. Three tabs (Alt+1 … Alt+3); only the open one is mounted,
 * so only its commands are registered.
 */
export function PagamentosScreen({ usuario, query, navigate }: ScreenArgs) {
  const idTitulo = useId();
  const naUrl = query.get('aba') ?? '';
  const aba = (ABAS_NA_URL.includes(naUrl) ? naUrl : 'faturas') as Aba;
  const irPara = (valor: string) => valor !== aba && navigate(ABAS_NA_URL.includes(valor) ? `/pagamentos?aba=${valor}` : '/pagamentos');
  const podeExecutar = temPermissao(usuario, 'FRETE_PAG_E');
  return (
    <section aria-labelledby={idTitulo}>
      <h1 id={idTitulo} className={titulo}>
        Pagamentos
      </h1>
      <Tabs
        label="Pagamentos"
        value={aba}
        onValueChange={irPara}
        somenteAtiva
        items={[
          { value: 'faturas', label: 'Faturas', content: aba === 'faturas' && <PagamentosFaturasAba query={query} navigate={navigate} podeExecutar={podeExecutar} /> },
          { value: ABA_DESEMPENHO, label: 'Desempenho das transportadoras', content: aba === ABA_DESEMPENHO && <DesempenhoAba /> },
          { value: ABA_PRE_FATURAS, label: 'Pré-faturas', content: aba === ABA_PRE_FATURAS && <PreFaturasAba podeCriar={temPermissao(usuario, 'FRETE_PAG_C')} /> },
        ]}
      />
    </section>
  );
}
