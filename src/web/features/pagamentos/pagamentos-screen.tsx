import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import { temPermissao } from '../../../domain/permissoes';
import type { ScreenArgs } from '../../ui/screen-args';
import { Tabs } from '../../ui/tabs';
import { DesempenhoAba } from './desempenho-aba';
import { PagamentosFaturasAba } from './pagamentos-faturas-aba';

const titulo = css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' });

/** The tab in the URL: ?aba=desempenho is the scorecard; none, the faturas. */
export const ABA_DESEMPENHO = 'desempenho';
type Aba = 'faturas' | typeof ABA_DESEMPENHO;

/**
 * Pagamentos (/pagamentos, issue 29): the faturas by payment situation with their totals and the payables
 * actions, and the carriers' scorecard. Two tabs (Alt+1, Alt+2); only the open one is mounted, so only its
 * commands are registered.
 */
export function PagamentosScreen({ usuario, query, navigate }: ScreenArgs) {
  const idTitulo = useId();
  const aba: Aba = query.get('aba') === ABA_DESEMPENHO ? ABA_DESEMPENHO : 'faturas';
  const irPara = (valor: string) => valor !== aba && navigate(valor === ABA_DESEMPENHO ? `/pagamentos?aba=${ABA_DESEMPENHO}` : '/pagamentos');
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
        ]}
      />
    </section>
  );
}
