// The parts of a 44-digit access key (NF-e, CT-e): cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1)
// cNF(8) cDV(1). The series and number are read from the key, so every note shows them, also in documents
// stored without the later fields (docs/decisoes.md §9) and in the rows of cte_nota.

export interface NotaDaChave {
  /** Series without its leading zeros ("001" → "1"). */
  serie: string;
  numero: number;
  /** The issuer's CNPJ (digits 7–20). */
  cnpjEmitente: string;
}

/** Series (digits 23–25) and number (digits 26–34) of an NF-e key; null for a key of another shape. */
export function notaDaChave(chave: string): NotaDaChave | null {
  // From 2026 the issuer's CNPJ in a key may be alphanumeric; the rest stays digits.
  if (!/^\d{6}[0-9A-Z]{12}\d{2}\d{24}$/.test(chave)) return null;
  return { serie: String(Number(chave.slice(22, 25))), numero: Number(chave.slice(25, 34)), cnpjEmitente: chave.slice(6, 20) };
}
