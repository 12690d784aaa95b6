import type { StatusCte } from '../../../contracts/cte-status';
import type { ResultadoCalculo } from '../../../contracts/calculo-frete';
import { cobrar } from './auditoria-demo';
import { CANDIDATOS_DEMO, COBRANCAS_ADICIONAIS, CTES_DEMO, GRUPOS_DEMO } from './constantes-demo';
import { emissao } from './datas-demo';
import { somar } from './notas-demo';
import type { NovoPlano } from './planejador-demo';
import { processado, type ContextoDemo, type Plano } from './tipos-demo';

type Calcular = (p: Plano) => Promise<ResultadoCalculo>;

/** The verdict each audited status is built to get (REVISADO: an overcharge that was then approved). */
const AUDITADO = { AUDITADO_SUCESSO: 'SUCESSO', AUDITADO_OBSERVACOES: 'OBSERVACOES', AUDITADO_FALHA: 'FALHA', AUDITADO_REVISADO: 'FALHA', AUDITADO_ERRO: 'ERRO' } as const;

/**
 * Every CT-e's plan, status by status in CTES_DEMO's order (PROCESSADO starts with its groups), audited by
 * the engine where the status says so, then inconsistencies and charge codes; sorted by emission.
 */
export async function planejarCtes(ctx: ContextoDemo, novoPlano: NovoPlano, calcular: Calcular): Promise<Plano[]> {
  const contagens = CTES_DEMO[ctx.empresa];
  const planos: Plano[] = [];
  for (const status of Object.keys(contagens) as StatusCte[]) {
    let quantos = contagens[status];
    if (status === 'PROCESSADO') quantos -= agrupar(ctx, novoPlano, planos);
    for (; quantos > 0; quantos--) planos.push(await planoAuditado(ctx, status, novoPlano, calcular));
  }
  marcarInconsistencias(ctx, planos);
  planos.sort((a, b) => a.ms - b.ms);
  return planos;
}

/** Confirmed groups and candidate clusters: same carrier, day, plant and destination municipality. Returns how many plans. */
function agrupar({ r, hoje, dados }: ContextoDemo, novoPlano: NovoPlano, planos: Plano[]): number {
  let feitos = 0;
  const cluster = (tamanho: number, agrupamento: 'CANDIDATO' | 'AGRUPADO', grupo: number | null) => {
    const base = novoPlano('PROCESSADO', 'COBERTA', undefined, { tipo: 'SAIDA' });
    const vizinhos = dados.clientes.filter((c) => c.municipio.codigo === base.cliente.municipio.codigo && c !== base.cliente);
    for (let i = 0; i < tamanho; i++) {
      const p =
        i === 0
          ? base
          : novoPlano('PROCESSADO', 'COBERTA', base.ms + i * 600_000 > hoje.getTime() ? base.ms - i * 600_000 : base.ms + i * 600_000, {
              transportadora: base.transportadora,
              tipo: 'SAIDA',
              planta: base.planta,
              cliente: vizinhos.length ? r.de(vizinhos) : base.cliente,
            });
      p.tomador = 'REMETENTE';
      p.terceiro = null;
      p.agrupamento = agrupamento;
      p.grupo = grupo;
      planos.push(p);
      feitos++;
    }
  };
  GRUPOS_DEMO.forEach((tamanho, i) => cluster(tamanho, 'AGRUPADO', i));
  for (let i = 0; i < CANDIDATOS_DEMO.grupos; i++) cluster(CANDIDATOS_DEMO.tamanho, 'CANDIDATO', null);
  return feitos;
}

/** One plan of the status; an audited one priced by the engine and charged to get the status's verdict. */
async function planoAuditado({ r, hoje, dados }: ContextoDemo, status: StatusCte, novoPlano: NovoPlano, calcular: Calcular): Promise<Plano> {
  const esperado = status in AUDITADO ? AUDITADO[status as keyof typeof AUDITADO] : null;
  let p = novoPlano(status, esperado === 'ERRO' ? 'ERRO' : esperado ? 'COBERTA' : 'QUALQUER');
  if (esperado) {
    // Retry until the engine agrees (SUCESSO for a priced one, FALHA for an ERRO); a draw no table prices
    // just draws again (the demo tables are in force over the whole demo period: anoTabelasDemo).
    for (let tentativa = 0; ; tentativa++) {
      p.calculo = await calcular(p);
      if ((p.calculo.status === 'FALHA') === (esperado === 'ERRO')) break;
      if (tentativa > 50) throw new Error(`CT-es de demonstração: nenhuma combinação dá ${esperado} para ${status}`);
      p = novoPlano(status, esperado === 'ERRO' ? 'ERRO' : 'COBERTA', tentativa > 10 ? emissao(r, hoje, 0) : undefined);
    }
    p.cobrado = cobrar(r, esperado, p.calculo, dados.tolerancia, p.pesoBruto);
  }
  if (status === 'CANCELADO') p.canceladoNaLeitura = r.proximo() < 0.5;
  return p;
}

/**
 * Inconsistencies (a note with zero weight or value) on processed, not audited CT-es, and additional
 * charge codes of the ERP order on a few processed ones (mostly not grouped: the list colours those).
 */
function marcarInconsistencias({ r }: ContextoDemo, planos: Plano[]): void {
  for (const p of planos) {
    if (!processado(p)) continue;
    if ((p.status === 'PROCESSADO' || p.status === 'DESCONSIDERADO') && p.agrupamento === null && r.proximo() < 0.1) {
      const codigo = (['PESO_BRUTO_ZERADO', 'PESO_BRUTO_ZERADO', 'PESO_BRUTO_ZERADO', 'VALOR_NOTA_FISCAL_ZERADO', 'VALOR_TOTAL_PRODUTOS_ZERADO'] as const)[r.inteiro(5)];
      const nota = p.notas[p.notas.length - 1];
      if (codigo === 'PESO_BRUTO_ZERADO') ((nota.pesoBruto = '0.000'), (nota.pesoLiquido = '0.000'));
      if (codigo === 'VALOR_NOTA_FISCAL_ZERADO') nota.valor = '0.00';
      if (codigo === 'VALOR_TOTAL_PRODUTOS_ZERADO') nota.valorTotalProdutos = '0.00';
      p.inconsistencias = [codigo];
      p.pesoBruto = somar(p.notas, 'pesoBruto', 3);
      p.valorNotas = somar(p.notas, 'valor', 2);
    }
    if (r.proximo() < (p.agrupamento === 'AGRUPADO' ? 0.3 : 0.04)) p.codigoCobranca = r.de(COBRANCAS_ADICIONAIS);
  }
}
