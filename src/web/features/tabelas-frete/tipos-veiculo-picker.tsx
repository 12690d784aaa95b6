import { css } from '../../../../styled-system/css';
import type { ElementoCusto } from '../../../contracts/tabela-frete-modelo';
import type { TipoVeiculo } from '../../../contracts/veiculos';
import { buscarTiposVeiculoPorDescricao } from '../../api/tabelas-frete-api';
import { Autocomplete } from '../../ui/autocomplete';
import { Button } from '../../ui/button';

type TipoRef = ElementoCusto['tiposVeiculo'][number];

const estilos = {
  caixa: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  lista: css({ display: 'flex', flexWrap: 'wrap', gap: '2', '& li': { display: 'flex', alignItems: 'center', gap: '1', pl: '2', borderRadius: 'md', bg: 'gray.100', fontSize: 'sm' } }),
  vazio: css({ fontSize: 'sm', color: 'gray.600' }),
};

/** The vehicle types an element applies to (none: any vehicle): add by autocomplete, remove by button. */
export function TiposVeiculoPicker({ tipos, onChange }: { tipos: TipoRef[]; onChange: (t: TipoRef[]) => void }) {
  const adicionar = (t: TipoVeiculo | null) => {
    if (!t) return;
    if (!tipos.some((x) => x.id === t.id)) onChange([...tipos, { id: t.id, descricao: t.descricao }]);
  };
  return (
    <div className={estilos.caixa}>
      <Autocomplete<TipoVeiculo>
        label="Adicionar tipo de veículo"
        limparAoEscolher
        value={null}
        onValueChange={adicionar}
        queryKey={['tipos-veiculo', 'elemento-custo']}
        search={buscarTiposVeiculoPorDescricao}
        itemToString={(t) => t.descricao}
        itemToValue={(t) => String(t.id)}
      />
      {tipos.length === 0 ? (
        <p className={estilos.vazio}>Todos os tipos de veículo.</p>
      ) : (
        <ul className={estilos.lista} aria-label="Tipos de veículo">
          {tipos.map((t) => (
            <li key={t.id}>
              {t.descricao}
              <Button size="sm" variant="ghost" aria-label={`Remover tipo de veículo ${t.descricao}`} onClick={() => onChange(tipos.filter((x) => x.id !== t.id))}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
