import { notaDaChave } from '../cte/chave-nfe';

// docs/decisoes.md §17, "duplicate billing": what makes two fatura lines bill the same CT-e, whether or not the
// database has the CT-e and whether or not each line carries its key. A CT-e is its issuer's CNPJ, série and número
// (the key holds all three): the key's when the line has a key, else the line's issuer (the carrier's CNPJ when
// blank) with its série and número. Séries and números compare as numbers when they are digits ("001" = "1").

export interface LinhaIdentificavel {
  chave: string | null;
  /** The line's issuer CNPJ, else the carrier's (351/551). */
  emissor: string;
  serie: string;
  numero: string;
}

const semZeros = (v: string) => {
  const t = v.trim().toUpperCase();
  return /^\d+$/.test(t) ? t.replace(/^0+(?=.)/, '') : t;
};

/** "CNPJ|série|número", the same for every line that bills one CT-e. */
export function identidadeCte(l: LinhaIdentificavel): string {
  const daChave = l.chave ? notaDaChave(l.chave) : null;
  if (daChave) return `${daChave.cnpjEmitente}|${daChave.serie}|${daChave.numero}`;
  return `${l.emissor.trim().toUpperCase()}|${semZeros(l.serie)}|${semZeros(l.numero)}`;
}
