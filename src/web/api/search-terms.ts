// Spec 01 §7 search forms for free text: campo~"texto" (contains, quoted so spaces and commas stay text),
// several fields joined as an RSQL OR group "(a~"x",b~"x")".

const citar = (texto: string) => `"${texto.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** campo~"texto", or null when the text is blank. */
export function contemCitado(campo: string, texto: string | null | undefined): string | null {
  const limpo = (texto ?? '').trim();
  return limpo === '' ? null : `${campo}~${citar(limpo)}`;
}

/** campo=ik="*texto*" (RSQL case-insensitive like), or null when blank. */
export function parecido(campo: string, texto: string | null | undefined): string | null {
  const limpo = (texto ?? '').trim();
  return limpo === '' ? null : `${campo}=ik=${citar(`*${limpo}*`)}`;
}

/** campo==valor (quoted), or null when blank. */
export function igual(campo: string, texto: string | null | undefined): string | null {
  const limpo = (texto ?? '').trim();
  return limpo === '' ? null : `${campo}==${citar(limpo)}`;
}

/** The same text in any of the fields: (a~"x",b~"x"); null when blank. */
export function emAlgumCampo(campos: readonly string[], texto: string | null | undefined): string | null {
  const termos = campos.map((c) => contemCitado(c, texto)).filter((t): t is string => t !== null);
  if (termos.length === 0) return null;
  return termos.length === 1 ? termos[0] : `(${termos.join(',')})`;
}
