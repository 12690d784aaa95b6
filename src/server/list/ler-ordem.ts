import { badRequest } from '../http/api-error';

export type Direcao = 'asc' | 'desc';

/**
 * sort=campo[,asc|desc] (Spring style), several fields allowed: "descricao,desc,id" or "descricao;id,desc";
 * `padrao` when blank. A field `conhece` refuses, or a direction with no field before it, is a 400.
 */
export function lerOrdem(sort: string | undefined, padrao: string, conhece: (campo: string) => boolean): { campo: string; direcao: Direcao }[] {
  const partes = (sort?.trim() ? sort : padrao)
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const ordem: { campo: string; direcao: Direcao }[] = [];
  for (const parte of partes) {
    const direcao = parte.toLowerCase();
    if (direcao === 'asc' || direcao === 'desc') {
      const ultimo = ordem.at(-1);
      if (!ultimo) throw badRequest(`Campo de ordenação desconhecido: ${parte}`);
      ultimo.direcao = direcao;
    } else if (conhece(parte)) ordem.push({ campo: parte, direcao: 'asc' });
    else throw badRequest(`Campo de ordenação desconhecido: ${parte}`);
  }
  return ordem;
}
