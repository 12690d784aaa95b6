import type { ResultadoCalculo } from '../../../../contracts/calculo-frete';
import { formatBrl } from '../../../../domain/format-brl';
import { Tabs } from '../../../ui/tabs';
import { LinhasCalculoTable } from '../../../ui/linhas-calculo-table';
import { resultStyles as s } from '../../../ui/result-styles';

/** Tab 3 "Detalhes do cálculo" (spec 02 §2): one tab per carrier (arrows move between them). */
export function DetalhesCalculoTab({ resultados }: { resultados: ResultadoCalculo[] | null }) {
  if (!resultados || resultados.length === 0) return <p className={s.vazio}>Nenhum registro encontrado</p>;
  return (
    <Tabs
      label="Transportadoras"
      atalhos={false}
      items={resultados.map((r) => ({ value: String(r.transportadora.id), label: r.transportadora.razaoSocial, content: <DetalhesResultadoCalculo resultado={r} /> }))}
    />
  );
}

/** One carrier's calculation: status, lines with the total, the engine's messages and its trace (also the reajuste's per CT-e). */
export function DetalhesResultadoCalculo({ resultado: r }: { resultado: ResultadoCalculo }) {
  return (
    <div className={s.bloco}>
      <p>
        Situação: <span className={r.status === 'FALHA' ? s.falha : undefined}>{r.status}</span>
        {r.percurso && ` · Percurso: ${r.percurso.descricao}`}
      </p>
      <LinhasCalculoTable
        label={`Elementos de custo de ${r.transportadora.razaoSocial}`}
        coluna="Descrição"
        linhas={r.elementosCusto}
        total={r.status === 'FALHA' ? <span className={s.falha}>FALHA</span> : formatBrl(r.valorTotal)}
      />
      {r.mensagens.length > 0 && (
        <section aria-label="Mensagens do sistema">
          <h4 className={s.subtitulo}>Mensagens do sistema</h4>
          <ul className={s.lista}>
            {r.mensagens.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </section>
      )}
      {r.traco.length > 0 && (
        <section aria-label="Memória de cálculo">
          <h4 className={s.subtitulo}>Memória de cálculo</h4>
          <ol className={s.traco}>
            {r.traco.map((linha, i) => (
              <li key={i}>{linha}</li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
