import { chaveDescricao } from '../../../domain/frete/chave-descricao';

/** Spec 02 §9: filters wait 300 ms. */
export const ATRASO_FILTRO = 300;

/** Case- and accent-insensitive "contains" of the grid filter boxes; a blank filter keeps everything. */
export const filtraTexto = (filtro: string) => {
  const chave = chaveDescricao(filtro);
  return (...textos: string[]) => chave === '' || textos.some((t) => chaveDescricao(t).includes(chave));
};
