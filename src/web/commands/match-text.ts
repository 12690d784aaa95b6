const normalizar = (t: string) =>
  t
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Every word of the query appears in the text, ignoring case and accents ("acoes" finds "Ações"). */
export function matchText(texto: string, consulta: string): boolean {
  const alvo = normalizar(texto);
  return normalizar(consulta)
    .split(/\s+/)
    .filter(Boolean)
    .every((palavra) => alvo.includes(palavra));
}
