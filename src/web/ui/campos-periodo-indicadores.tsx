import { css } from '../../../styled-system/css';
import type { ReferenciaIndicador } from '../../contracts/indicadores';
import { buscarTransportadorasSimples } from '../api/transportadoras-api';
import { AutocompleteSobDemanda } from './autocomplete-sob-demanda';
import { DateInput } from './date-input';
import { filtroLargo } from './filter-form';

const estilos = {
  grupo: css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', border: 'none', p: '0', m: '0' }),
  legenda: css({ fontSize: 'xs', fontWeight: 'medium', color: 'gray.700', mb: '1' }),
  opcao: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' }),
};

export type TransportadoraEscolhida = { id: number; nome: string };

/** What both indicator filters share (spec 03 §2.6: the /indicadores screen and the panel of /ctes). */
export interface PeriodoIndicadores {
  inicio: string;
  fim: string;
  referencia: ReferenciaIndicador;
  transportadora: TransportadoraEscolhida | null;
}

const REFERENCIAS: { valor: ReferenciaIndicador; rotulo: string }[] = [
  { valor: 'NF', rotulo: 'Data de emissão da NF' },
  { valor: 'CTE', rotulo: 'Data de emissão do CT-e' },
];

const porId = (t: TransportadoraEscolhida) => String(t.id);
const nome = (t: TransportadoraEscolhida) => t.nome;
const buscarTransportadoras = (texto: string, signal: AbortSignal): Promise<TransportadoraEscolhida[]> =>
  buscarTransportadorasSimples(texto, signal).then((ts) => ts.map((t) => ({ id: t.id, nome: t.razaoSocial })));

/** Period, its reference (a radio group: one Tab stop, arrows choose) and the carrier. `nome` keeps each radio group apart. */
export function CamposPeriodoIndicadores({ f, set, nomeGrupo }: { f: PeriodoIndicadores; set: (patch: Partial<PeriodoIndicadores>) => void; nomeGrupo: string }) {
  return (
    <>
      <DateInput label="Período inicial" value={f.inicio || null} onValueChange={(d) => set({ inicio: d ?? '' })} />
      <DateInput label="Período final" value={f.fim || null} onValueChange={(d) => set({ fim: d ?? '' })} />
      <fieldset className={estilos.grupo}>
        <legend className={estilos.legenda}>Referência do período</legend>
        {REFERENCIAS.map((r) => (
          <label key={r.valor} className={estilos.opcao}>
            <input type="radio" name={nomeGrupo} value={r.valor} checked={f.referencia === r.valor} onChange={() => set({ referencia: r.valor })} />
            {r.rotulo}
          </label>
        ))}
      </fieldset>
      <div className={filtroLargo}>
        <AutocompleteSobDemanda<TransportadoraEscolhida>
          label="Transportadora"
          value={f.transportadora}
          onValueChange={(transportadora) => set({ transportadora })}
          queryKey={['indicadores', nomeGrupo, 'transportadora']}
          search={buscarTransportadoras}
          itemToString={nome}
          itemToValue={porId}
        />
      </div>
    </>
  );
}
