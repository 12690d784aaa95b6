/** ICMS on freight leaving São Paulo: 12 % inside SP and to the South/Southeast, 7 % elsewhere (ES, CO, N, NE). */
export const aliquotaIcms = (ufOrigem: string, ufDestino: string) =>
  ufOrigem === ufDestino || (ufOrigem === 'SP' && ['PR', 'SC', 'RS', 'RJ', 'MG'].includes(ufDestino)) ? '12.00' : '7.00';
