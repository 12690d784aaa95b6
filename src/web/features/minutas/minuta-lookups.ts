import type { ClienteMinuta, MunicipioMinuta, TransportadoraMinuta } from '../../../contracts/minutas';
import { buscarMunicipios } from '../../api/municipios-api';
import { buscarClientes } from '../../api/tabelas-frete-api';
import { listarTransportadoras } from '../../api/transportadoras-api';

// The modal's autocompletes (spec 03 §2.5: carrier, origin, destination, client), each answering the shape
// the minuta keeps, so a picked record shows as a loaded one does.

/** GET /transportadoras/listar-simples (active carriers by name, CNPJ or code). */
export const buscarTransportadorasMinuta = (texto: string, signal: AbortSignal): Promise<TransportadoraMinuta[]> =>
  listarTransportadoras({ transportadora: texto, desativados: false, page: 0, size: 20, sort: 'razaoSocial,asc' }, signal).then((p) =>
    p.content.map((t) => ({ id: t.id, razaoSocial: t.razaoSocial, cnpjFormatado: t.cnpjFormatado ?? t.cpfCnpjFormatado ?? null })),
  );

/** GET /municipios/findByNomeOrCodigo (name or IBGE code). */
export const buscarMunicipiosMinuta = (texto: string, signal: AbortSignal): Promise<MunicipioMinuta[]> =>
  buscarMunicipios(texto, signal).then((ms) => ms.map(({ id, codigo, nome, siglaUf }) => ({ id, codigo, nome, siglaUf })));

/** GET /clientes/listar-simples. */
export const buscarClientesMinuta = (texto: string, signal: AbortSignal): Promise<ClienteMinuta[]> =>
  buscarClientes(texto, signal).then((cs) => cs.map((c) => ({ id: c.id, vwCliente: { razaoSocial: c.vwCliente.razaoSocial, cpfCnpjFormatado: c.vwCliente.cpfCnpjFormatado } })));

export const textoTransportadora = (t: TransportadoraMinuta) => (t.cnpjFormatado ? `${t.razaoSocial} (${t.cnpjFormatado})` : t.razaoSocial);
export const textoMunicipio = (m: MunicipioMinuta) => `${m.nome}/${m.siglaUf}`;
export const textoCliente = (c: ClienteMinuta) => (c.vwCliente.cpfCnpjFormatado ? `${c.vwCliente.razaoSocial} (${c.vwCliente.cpfCnpjFormatado})` : c.vwCliente.razaoSocial);
export const porId = (r: { id: number }) => String(r.id);
