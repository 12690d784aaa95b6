/** A municipality of a list row, from its left-joined name and UF (null when the row has none). */
export const municipioCurto = (nome: string | null, siglaUf: string | null) => (nome === null ? null : { nome, siglaUf: siglaUf ?? '' });
