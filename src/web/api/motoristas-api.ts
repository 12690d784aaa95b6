import { motoristaPageSchema, motoristaSchema, type Motorista, type MotoristaCadastro } from '../../contracts/motoristas';
import { buildSearch } from '../../domain/build-search';
import { somenteDigitos } from '../../domain/cpf';
import { crudApi } from './crud-api';
import { contemCitado } from './search-terms';

/** /motoristas (spec 01 §7): DELETE sets status INATIVO. */
export const motoristasApi = crudApi<Motorista, MotoristaCadastro>('/motoristas', 'motoristas', motoristaSchema, motoristaPageSchema, { salvo: 'Motorista salvo.', excluido: 'Motorista excluído.' });

/** Palette: drivers by name, or by CPF when the text is digits (formatted or not); status ATIVO. */
export function buscarMotoristasPalette(texto: string, signal?: AbortSignal) {
  const digitos = somenteDigitos(texto);
  const porCpf = /^[\d.\-\s]+$/.test(texto) && digitos.length >= 3;
  const termo = porCpf ? contemCitado('cpf', digitos) : contemCitado('nome', texto);
  return motoristasApi.listar({ search: buildSearch(termo, 'status==ATIVO'), sort: 'nome,asc', page: 0, size: 5 }, signal).then((p) => p.content);
}
