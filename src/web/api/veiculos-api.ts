import type { z } from 'zod';
import type { TipoVeiculo, Veiculo, VeiculoCadastro, tipoVeiculoCadastroSchema } from '../../contracts/veiculos';
import { tipoVeiculoPageSchema, tipoVeiculoSchema, veiculoPageSchema, veiculoSchema } from '../../contracts/veiculos';
import { crudApi } from './crud-api';
import { contemCitado } from './search-terms';

/** /veiculos (spec 01 §7): search placa, modelo, fabricante. */
export const veiculosApi = crudApi<Veiculo, VeiculoCadastro>('/veiculos', 'veiculos', veiculoSchema, veiculoPageSchema, { salvo: 'Veículo salvo.', excluido: 'Veículo excluído.' });

/** /tipos-veiculo. */
export const tiposVeiculoApi = crudApi<TipoVeiculo, z.infer<typeof tipoVeiculoCadastroSchema>>('/tipos-veiculo', 'tipos-veiculo', tipoVeiculoSchema, tipoVeiculoPageSchema, {
  salvo: 'Tipo de veículo salvo.',
  excluido: 'Tipo de veículo excluído.',
});

/** Vehicle-type autocomplete: description contains the text, 10 hits. */
export const buscarTiposVeiculo = (texto: string, signal?: AbortSignal) =>
  tiposVeiculoApi.listar({ search: contemCitado('descricao', texto) ?? undefined, sort: 'descricao,asc', page: 0, size: 10 }, signal).then((p) => p.content);

