import type { MotoristaRomaneio, MunicipioRomaneio, RefRomaneio } from '../../../../contracts/romaneios';
import { buildSearch } from '../../../../domain/build-search';
import { motoristasApi } from '../../../api/motoristas-api';
import { buscarMunicipios } from '../../../api/municipios-api';
import { parecido } from '../../../api/search-terms';
import { buscarClientes } from '../../../api/tabelas-frete-api';
import { buscarTransportadorasSimples } from '../../../api/transportadoras-api';
import { buscarTiposVeiculo } from '../../../api/veiculos-api';
import type { TipoVeiculoRomaneio } from './romaneio-os-form';

// The autocompletes of the service-order manifest (spec 03 §7 "Also used"), each answering the shape the
// manifest keeps, so a picked record shows as a loaded one does.

/** A customer picked in a filter: the register id, and the ERP's code the ERP lookups filter by. */
export interface ClienteFiltro {
  id: number;
  razaoSocial: string;
  clienteId: string;
}

/** GET /transportadoras/listar-simples: active carriers by name, CNPJ or code. */
export const buscarTransportadorasRomaneio = (texto: string, signal: AbortSignal): Promise<RefRomaneio[]> =>
  buscarTransportadorasSimples(texto, signal).then((ts) => ts.map((t) => ({ id: t.id, nome: t.razaoSocial })));

/** Spec §7: drivers with status ATIVO whose name, CPF, RG or CNH contains the text (=ik=, page 0, size 100). */
export const buscarMotoristasRomaneio = (texto: string, signal: AbortSignal): Promise<MotoristaRomaneio[]> => {
  const campos = ['nome', 'cpf', 'rg', 'cnh'].map((c) => parecido(c, texto)).filter(Boolean);
  return motoristasApi
    .listar({ search: buildSearch(`(${campos.join(',')})`, 'status==ATIVO'), sort: 'nome,asc', page: 0, size: 100 }, signal)
    .then((p) => p.content.map(({ id, nome, cpfFormatado, cnh }) => ({ id, nome, cpfFormatado, cnh })));
};

/** Vehicle types by description: their capacity is the manifest's weight limit (spec §3). */
export const buscarTiposVeiculoRomaneio = (texto: string, signal: AbortSignal): Promise<TipoVeiculoRomaneio[]> =>
  buscarTiposVeiculo(texto, signal).then((ts) => ts.map((t) => ({ id: t.id, nome: t.descricao, capacidade: t.capacidade })));

/** GET /municipios/findByNomeOrCodigo (name or IBGE code). */
export const buscarMunicipiosRomaneio = (texto: string, signal: AbortSignal): Promise<MunicipioRomaneio[]> =>
  buscarMunicipios(texto, signal).then((ms) => ms.map(({ id, codigo, nome, siglaUf }) => ({ id, codigo, nome, siglaUf })));

/** GET /clientes/listar-simples. */
export const buscarClientesRomaneio = (texto: string, signal: AbortSignal): Promise<ClienteFiltro[]> =>
  buscarClientes(texto, signal).then((cs) => cs.map((c) => ({ id: c.id, razaoSocial: c.vwCliente.razaoSocial, clienteId: c.vwCliente.pk.clienteId })));

export const textoRef = (r: RefRomaneio) => r.nome;
export const textoMotorista = (m: MotoristaRomaneio) => `${m.nome} (${m.cpfFormatado})`;
export const textoMunicipio = (m: MunicipioRomaneio) => `${m.nome}/${m.siglaUf}`;
export const textoCliente = (c: ClienteFiltro) => c.razaoSocial;
export const porId = (r: { id: number }) => String(r.id);
