import type { LinhaCalculo } from '../../contracts/calculo-frete';
import { MAX_CTES_REAJUSTE_TELA, type ComparacaoReajuste, type CteReajuste, type ResultadoReajuste } from '../../contracts/reajuste';
import { chaveDescricao } from '../../domain/frete/chave-descricao';
import { Dec } from '../../domain/frete/decimal-exato';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import type { CteDoPeriodo } from './ctes-reajuste';
import type { Precificado } from './precificar-ctes';

// Issue 32: the simulation's sums. Every CT-e's value is already in cents (the engine rounded it, the stored audit
// holds it); the sums add those exact decimals and never round again, so the UF rows and the element rows add up
// to the total cent for cent.

class Soma {
  ctes = 0;
  esperado = new Dec(0);
  cobrado = new Dec(0);
  simulado = new Dec(0);

  somar(c: CteReajuste) {
    this.ctes++;
    this.esperado = this.esperado.plus(c.esperado);
    this.cobrado = this.cobrado.plus(c.cobrado);
    this.simulado = this.simulado.plus(c.simulado);
  }

  comparacao(): ComparacaoReajuste {
    return { ctes: this.ctes, esperado: this.esperado.toFixed(2), cobrado: this.cobrado.toFixed(2), simulado: this.simulado.toFixed(2) };
  }
}

interface SomaElemento {
  descricao: string;
  esperado: Dec;
  simulado: Dec;
}

/** One CT-e of the answer. */
export function cteReajuste(c: CteDoPeriodo, p: Precificado): CteReajuste {
  const simulado = p.falha === null && p.calculo ? p.calculo.valorTotal : '0.00';
  return {
    id: c.id,
    numero: c.numero,
    dataEmissao: dataSaoPaulo(c.dataEmissao)!,
    ufDestino: c.ufDestino,
    esperado: c.esperado,
    cobrado: c.cobrado,
    simulado,
    diferenca: new Dec(simulado).minus(c.esperado).toFixed(2),
    falha: p.falha,
  };
}

export type CabecaReajuste = Pick<ResultadoReajuste, 'tabela' | 'dataIni' | 'dataFim' | 'proposta' | 'outrasTabelas'>;

export class ApuracaoReajuste {
  private readonly total = new Soma();
  private readonly porUf = new Map<string, Soma>();
  private readonly porElemento = new Map<string, SomaElemento>();
  /** Every CT-e (the .xlsx lists them all). */
  readonly ctes: CteReajuste[] = [];

  private elemento(linha: LinhaCalculo): SomaElemento {
    const chave = chaveDescricao(linha.descricao);
    let e = this.porElemento.get(chave);
    if (!e) this.porElemento.set(chave, (e = { descricao: linha.descricao, esperado: new Dec(0), simulado: new Dec(0) }));
    return e;
  }

  somar(c: CteDoPeriodo, p: Precificado, esperadas: readonly LinhaCalculo[]): CteReajuste {
    const linha = cteReajuste(c, p);
    this.ctes.push(linha);
    this.total.somar(linha);
    let uf = this.porUf.get(c.ufDestino);
    if (!uf) this.porUf.set(c.ufDestino, (uf = new Soma()));
    uf.somar(linha);
    for (const l of esperadas) {
      const e = this.elemento(l);
      e.esperado = e.esperado.plus(l.valor);
    }
    if (p.falha === null && p.calculo)
      for (const l of p.calculo.elementosCusto) {
        const e = this.elemento(l);
        e.simulado = e.simulado.plus(l.valor);
      }
    return linha;
  }

  /** The CT-es, largest |simulado − esperado| first (then by id). */
  ordenados(): CteReajuste[] {
    const abs = new Map(this.ctes.map((c) => [c, new Dec(c.diferenca).abs()]));
    return [...this.ctes].sort((a, b) => abs.get(b)!.comparedTo(abs.get(a)!) || a.id - b.id);
  }

  resultado(cabeca: CabecaReajuste, ordenados = this.ordenados()): ResultadoReajuste {
    return {
      ...cabeca,
      total: this.total.comparacao(),
      porUf: [...this.porUf].map(([uf, s]) => ({ uf, ...s.comparacao() })).sort((a, b) => a.uf.localeCompare(b.uf)),
      porElemento: [...this.porElemento.values()]
        .map((e) => ({ descricao: e.descricao, esperado: e.esperado.toFixed(2), simulado: e.simulado.toFixed(2) }))
        .sort((a, b) => a.descricao.localeCompare(b.descricao, 'pt-BR')),
      ctes: ordenados.slice(0, MAX_CTES_REAJUSTE_TELA),
      totalCtes: this.ctes.length,
    };
  }
}
