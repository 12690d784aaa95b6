import type { IcmsCte } from '../../contracts/cte-documento';
import { decimal, no, percentual, presentes, texto, type No } from './campos-xml';

// The ICMS group of a CT-e (imp/ICMS: ICMS00, 20, 45, 60, 90, OutraUF, SN), read from the parsed XML for
// the CT-e reader (cte-xml.ts). Layouts 3.00 and 4.00 name these fields alike.

/** imp/ICMS: the one group the CT-e carries, with its base, rate, value, reduction, credit or substitution. */
export function lerIcms(imp: No | null): IcmsCte | null {
  const grupos = no(imp?.ICMS);
  if (!grupos) return null;
  const [grupo, conteudo] = Object.entries(grupos).find(([, v]) => no(v)) ?? [];
  const g = no(conteudo);
  if (!grupo || !g) return null;
  const onde = `imp/ICMS/${grupo}`;
  if (grupo === 'ICMSSN') {
    const indSN = texto(g, 'indSN');
    const indicador = indSN === '1' ? true : indSN === '0' ? false : null;
    return { grupo, cst: texto(g, 'CST') ?? '90', simplesNacional: true, baseCalculo: null, aliquota: null, valor: null, substituicao: null, ...presentes({ indicadorSimplesNacional: indicador }) };
  }
  if (grupo === 'ICMSOutraUF')
    return {
      grupo,
      cst: texto(g, 'CST') ?? '90',
      simplesNacional: false,
      baseCalculo: decimal(g, 'vBCOutraUF', onde),
      aliquota: decimal(g, 'pICMSOutraUF', onde),
      valor: decimal(g, 'vICMSOutraUF', onde),
      substituicao: null,
      ...presentes({ reducaoBaseCalculo: percentual(g, 'pRedBCOutraUF', onde) }),
    };
  if (grupo === 'ICMS60')
    return {
      grupo,
      cst: texto(g, 'CST') ?? '60',
      simplesNacional: false,
      baseCalculo: null,
      aliquota: null,
      valor: null,
      substituicao: { baseCalculo: decimal(g, 'vBCSTRet', onde), aliquota: decimal(g, 'pICMSSTRet', onde), valor: decimal(g, 'vICMSSTRet', onde) },
      ...presentes({ valorCredito: decimal(g, 'vCred', onde) }),
    };
  return {
    grupo,
    cst: texto(g, 'CST') ?? grupo.replace('ICMS', ''),
    simplesNacional: false,
    baseCalculo: decimal(g, 'vBC', onde),
    aliquota: decimal(g, 'pICMS', onde),
    valor: decimal(g, 'vICMS', onde),
    substituicao: null,
    // pRedBC in ICMS20 and ICMS90, vCred in ICMS90; absent from the other groups.
    ...presentes({ reducaoBaseCalculo: percentual(g, 'pRedBC', onde), valorCredito: decimal(g, 'vCred', onde) }),
  };
}
