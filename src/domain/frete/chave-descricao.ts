/**
 * Descriptions compare case- and accent-insensitively (freight-calculation.md step 3: an element whose
 * description equals one from a lower level replaces it); extra spaces do not count either.
 */
export function chaveDescricao(descricao: string): string {
  return descricao
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
