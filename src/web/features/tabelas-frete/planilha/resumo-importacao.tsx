import type { ResumoImportacao } from '../../../../contracts/planilha-tabela';
import { formatDateBr } from '../../../../domain/format-date-br';
import { formatNumberBr } from '../../../../domain/format-number-br';
import { LabelValueList } from '../../../ui/label-value-list';
import { resultStyles as s } from '../../../ui/result-styles';
import { ListaNavegavel } from './lista-navegavel';

/** "01/02/2026 a 31/12/2026" or "a partir de 01/02/2026". */
export const textoVigencia = (inicio: string, fim: string | null) => (fim ? `${formatDateBr(inicio)} a ${formatDateBr(fim)}` : `a partir de ${formatDateBr(inicio)}`);

const contar = (n: number, um: string, varios: string) => `${formatNumberBr(n)} ${n === 1 ? um : varios}`;

function textoAcao(r: ResumoImportacao): string {
  if (r.acao === 'NOVA' || !r.tabelaAnterior) return 'Nova tabela de frete';
  return `Nova versão da tabela de ${formatDateBr(r.tabelaAnterior.inicio)}`;
}

function textoAnterior(r: ResumoImportacao): string | null {
  const a = r.tabelaAnterior;
  if (!a) return null;
  const fim = a.fimNovo === a.fim ? 'mantém o fim' : a.fimNovo ? `passa a terminar em ${formatDateBr(a.fimNovo)}` : 'fica sem fim';
  return `${textoVigencia(a.inicio, a.fim)}; ${fim}`;
}

/** What the dry run says the import would do: action, carrier, vigência, the previous version, counts and changes. */
export function ResumoImportacaoView({ resumo: r }: { resumo: ResumoImportacao }) {
  const c = r.contagens;
  const contagens = [
    contar(c.percursos, 'percurso', 'percursos'),
    contar(c.origens, 'origem', 'origens'),
    contar(c.destinos, 'destino', 'destinos'),
    contar(c.incidencias, 'incidência', 'incidências'),
    contar(c.elementos, 'elemento de custo', 'elementos de custo'),
    contar(c.faixas, 'faixa', 'faixas'),
  ].join(', ');
  const cortadas = r.totalAlteracoes > r.alteracoes.length ? ` (as primeiras ${formatNumberBr(r.alteracoes.length)})` : '';
  return (
    <div className={s.bloco}>
      <LabelValueList
        coluna={200}
        campos={[
          ['Ação', textoAcao(r)],
          ['Transportadora', r.transportadora.razaoSocial],
          ['Vigência', textoVigencia(r.inicio, r.fim)],
          ['Versão anterior', textoAnterior(r)],
          ['Conteúdo', contagens],
        ]}
      />
      {r.tabelaAnterior && (
        <section aria-label="Alterações" className={s.bloco}>
          <h3 className={s.subtitulo}>
            Alterações: {formatNumberBr(r.totalAlteracoes)}
            {cortadas}
          </h3>
          {r.alteracoes.length > 0 ? <ListaNavegavel rotulo="Alterações" itens={r.alteracoes} /> : <p className={s.vazio}>Nenhuma alteração em relação à versão anterior.</p>}
        </section>
      )}
    </div>
  );
}
