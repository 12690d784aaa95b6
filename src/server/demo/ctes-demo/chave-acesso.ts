/**
 * A 44-digit access key: cUF, AAMM, issuer CNPJ, model (57 CT-e, 55 NF-e), series, number, tpEmis 1,
 * a numeric code, check digit.
 */
export function chaveAcesso(cUf: string, data: string, cnpj: string, modelo: '55' | '57', serie: number, numero: number, codigo: number): string {
  const sem = `${cUf}${data.slice(2, 4)}${data.slice(5, 7)}${cnpj.padStart(14, '0')}${modelo}${String(serie).padStart(3, '0')}${String(numero).padStart(9, '0')}1${String(codigo).padStart(8, '0')}`;
  return `${sem}${dvChave(sem)}`;
}

/** Mod-11 check digit of a CT-e/NF-e key (weights 2..9 from the right; 0 when 10 or 11). */
export function dvChave(sem: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = sem.length - 1; i >= 0; i--) {
    soma += Number(sem[i]) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** The two check digits of a CNPJ's first 12 digits. */
export function cnpjComDv(base: string): string {
  const dv = (s: string) => {
    const pesos = s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const resto = [...s].reduce((t, c, i) => t + Number(c) * pesos[i], 0) % 11;
    return resto < 2 ? 0 : 11 - resto;
  };
  const d1 = dv(base);
  return `${base}${d1}${dv(`${base}${d1}`)}`;
}
