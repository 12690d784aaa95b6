import type { Motorista } from '../../../contracts/motoristas';
import type { MotoristaRomaneio, RefRomaneio, VeiculoRomaneio } from '../../../contracts/romaneios';
import type { Veiculo } from '../../../contracts/veiculos';
import { buildSearch } from '../../../domain/build-search';
import { motoristasApi } from '../../api/motoristas-api';
import { emAlgumCampo, parecido } from '../../api/search-terms';
import { buscarClientes } from '../../api/tabelas-frete-api';
import { buscarTransportadorasSimples } from '../../api/transportadoras-api';
import { veiculosApi } from '../../api/veiculos-api';

// The autocompletes of the freight-cost manifest screen and dialog, each answering the shape the manifest
// keeps, so a picked record shows as a loaded one does.

/** GET /transportadoras/listar-simples: active carriers by name, CNPJ or code. */
export const buscarTransportadorasFiltro = (texto: string, signal: AbortSignal): Promise<RefRomaneio[]> =>
  buscarTransportadorasSimples(texto, signal).then((ts) => ts.map((t) => ({ id: t.id, nome: t.razaoSocial })));

/** GET /clientes/listar-simples. */
export const buscarClientesFiltro = (texto: string, signal: AbortSignal): Promise<RefRomaneio[]> =>
  buscarClientes(texto, signal).then((cs) => cs.map((c) => ({ id: c.id, nome: c.vwCliente.razaoSocial })));

export const paraMotoristaRomaneio = ({ id, nome, cpfFormatado, cnh }: Motorista): MotoristaRomaneio => ({ id, nome, cpfFormatado, cnh });
export const paraVeiculoRomaneio = ({ id, placa, tipoVeiculo }: Veiculo): VeiculoRomaneio => ({ id, placa, tipoVeiculo: tipoVeiculo && { id: tipoVeiculo.id, nome: tipoVeiculo.descricao } });

/** Spec 03 §7: active drivers whose name, CPF, RG or CNH contains the text. */
export const buscarMotoristasRomaneio = (texto: string, signal: AbortSignal): Promise<MotoristaRomaneio[]> => {
  const campos = ['nome', 'cpf', 'rg', 'cnh'].map((c) => parecido(c, texto)).filter(Boolean);
  return motoristasApi.listar({ search: buildSearch(`(${campos.join(',')})`, 'status==ATIVO'), sort: 'nome,asc', page: 0, size: 20 }, signal).then((p) => p.content.map(paraMotoristaRomaneio));
};

/** Vehicles whose plate or model contains the text. */
export const buscarVeiculosRomaneio = (texto: string, signal: AbortSignal): Promise<VeiculoRomaneio[]> => {
  const search = emAlgumCampo(['placa', 'modelo'], texto.replace('-', '')) ?? undefined;
  return veiculosApi.listar({ search, sort: 'placa,asc', page: 0, size: 20 }, signal).then((p) => p.content.map(paraVeiculoRomaneio));
};

export const textoRef = (r: RefRomaneio) => r.nome;
export const textoMotorista = (m: MotoristaRomaneio) => `${m.nome} (${m.cpfFormatado})`;
export const textoVeiculo = (v: VeiculoRomaneio) => (v.tipoVeiculo ? `${v.placa} (${v.tipoVeiculo.nome})` : v.placa);
export const porId = (r: { id: number }) => String(r.id);
