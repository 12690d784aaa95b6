import type { MunicipioRef, Origem, UfRef } from '../../../contracts/tabela-frete-modelo';
import { buscarMunicipios } from '../../api/municipios-api';
import { ufsApi } from '../../api/ufs-api';
import { Autocomplete } from '../../ui/autocomplete';
import { formGrid } from '../../ui/form-grid';
import { SelectField } from '../../ui/select-field';

export type Local = Pick<Origem, 'municipio' | 'uf'>;

/** Spec 01 §9 / 02 §7: GET /ufs?size=100 lists every UF. */
const UFS_TAMANHO = 100;
const municipioTexto = (m: MunicipioRef) => `${m.nome}/${m.siglaUf}`;
const municipioValor = (m: MunicipioRef) => String(m.id);

/**
 * A municipality (autocomplete by name or IBGE code, GET /municipios/findByNomeOrCodigo) or a UF (select
 * from GET /ufs). Both can be filled: the dialog's rule says which combination is allowed.
 */
export function LocalidadeFields({ local, onChange }: { local: Local; onChange: (l: Local) => void }) {
  const ufs = ufsApi.useLista({ page: 0, size: UFS_TAMANHO });
  const lista = ufs.data?.content ?? [];
  const ufOpcoes = [{ value: '', label: 'Nenhuma' }, ...lista.map((u) => ({ value: String(u.id), label: `${u.sigla} - ${u.nome}` }))];
  // The current UF stays selectable while the list loads.
  if (local.uf && !lista.some((u) => u.id === local.uf!.id)) ufOpcoes.push({ value: String(local.uf.id), label: `${local.uf.sigla} - ${local.uf.nome}` });
  const escolherUf = (v: string) => {
    const u = lista.find((x) => String(x.id) === v) ?? (local.uf && String(local.uf.id) === v ? local.uf : null);
    onChange({ ...local, uf: u ? ({ id: u.id, sigla: u.sigla, nome: u.nome } satisfies UfRef) : null });
  };
  return (
    <div className={formGrid.grade}>
      <Autocomplete<MunicipioRef>
        label="Município"
        value={local.municipio}
        onValueChange={(m) => onChange({ ...local, municipio: m && { id: m.id, codigo: m.codigo, nome: m.nome, siglaUf: m.siglaUf } })}
        queryKey={['municipios', 'busca']}
        search={buscarMunicipios}
        itemToString={municipioTexto}
        itemToValue={municipioValor}
      />
      <SelectField label="UF" value={local.uf ? String(local.uf.id) : ''} onValueChange={escolherUf} options={ufOpcoes} />
    </div>
  );
}
