import Decimal from 'decimal.js';
import type { ElementoCusto, Faixa, Origem, TabelaFrete } from '../../contracts/tabela-frete-modelo';
import { FLAGS_ELEMENTO } from '../../contracts/tabela-frete-tipos';
import { novoElementoCusto } from '../frete/validar-tabela-frete';
import { SEPARADOR_LISTA, type IdAba, type NivelElemento } from './layout';

// TabelaFrete → the rows of each sheet (the writer turns them into cells by each column's type). Decimals stay
// decimal text here (the writer makes numbers of them), dates ISO text, flags booleans. The numbers linking the
// rows are assigned in the order of the table: percursos 1…n, destinos, incidências and elementos numbered
// through the whole workbook.

export type LinhaEscrita = Record<string, string | number | boolean | null>;
export type LinhasPlanilha = Record<IdAba, LinhaEscrita[]>;

const digitos = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

function local(l: Pick<Origem, 'municipio' | 'uf'>): LinhaEscrita {
  return {
    UF: l.municipio ? null : (l.uf?.sigla ?? null),
    MUNICIPIO_IBGE: l.municipio?.codigo ?? null,
    '#MUNICIPIO': l.municipio ? `${l.municipio.nome}/${l.municipio.siglaUf}` : null,
  };
}

/** Bands leave in ascending order of their limit (the reader requires it), limitless ones last. */
function faixasOrdenadas(faixas: readonly Faixa[]): Faixa[] {
  return [...faixas].sort((a, b) => {
    if (a.faixaLimite === null || b.faixaLimite === null) return a.faixaLimite === null ? (b.faixaLimite === null ? 0 : 1) : -1;
    return new Decimal(a.faixaLimite).comparedTo(b.faixaLimite);
  });
}

function elemento(e: ElementoCusto, numero: number, nivel: NivelElemento, percurso: number | null, incidencia: number | null): LinhaEscrita {
  return {
    ELEMENTO: numero,
    NIVEL: nivel,
    PERCURSO: percurso,
    INCIDENCIA: incidencia,
    DESCRICAO: e.descricao,
    MODALIDADE: e.modalidade,
    VALOR_MINIMO: e.valorMinimo,
    VALOR_LIMITE: e.valorLimite,
    ACOES_LIMITE: e.acoesLimite,
    ARREDONDAMENTO: e.arredondamento,
    VALOR_ARREDONDAMENTO: e.valorArredondamento,
    ROUNDING_MODE: e.roundingMode,
    FAIXA_COMPONENTE: e.faixaComponente,
    ...Object.fromEntries(FLAGS_ELEMENTO.map((f) => [f, e.flags.includes(f)])),
    ELEMENTOS_INDEXADOS: e.elementosIndexados.join(`${SEPARADOR_LISTA} `) || null,
    TIPOS_VEICULO: e.tiposVeiculo.map((t) => t.descricao).join(`${SEPARADOR_LISTA} `) || null,
    DESDE_ENTREGA: e.desdeEntrega,
    RATEIO_AGRUPAMENTO: e.rateioAgrupamento,
    EVENTO: e.evento ?? null,
    PERCENTUAL_FRETE: e.percentualFrete ?? null,
  };
}

/** The rows of every sheet for `tabela` (the carrier's CNPJ is not part of TabelaFrete: the caller has it). */
export function linhasDaTabela(tabela: TabelaFrete, transportadoraCnpj: string | null): LinhasPlanilha {
  const linhas: LinhasPlanilha = { tabela: [], percursos: [], origens: [], destinos: [], incidencias: [], elementos: [], faixas: [] };
  linhas.tabela.push({
    TRANSPORTADORA_CNPJ: digitos(transportadoraCnpj) || null,
    '#TRANSPORTADORA': tabela.transportadora?.razaoSocial ?? null,
    INICIO: tabela.inicio,
    FIM: tabela.fim,
    ICMS_INCLUSO: tabela.flags.includes('ICMS_INCLUSO'),
    DESCRICAO_ICMS: tabela.descricaoIcms,
    DESCRICAO_PESO_TAXADO: tabela.descricaoPesoTaxado,
  });
  let nElemento = 0;
  let nDestino = 0;
  let nIncidencia = 0;
  const addElemento = (e: ElementoCusto, nivel: NivelElemento, percurso: number | null, incidencia: number | null) => {
    nElemento++;
    linhas.elementos.push(elemento(e, nElemento, nivel, percurso, incidencia));
    for (const f of faixasOrdenadas(e.faixas)) linhas.faixas.push({ ELEMENTO: nElemento, FAIXA_LIMITE: f.faixaLimite, VALOR: f.valor });
  };
  tabela.elementosCusto.forEach((e) => addElemento(e, 'TABELA', null, null));
  tabela.percursos.forEach((p, i) => {
    const np = i + 1;
    linhas.percursos.push({ PERCURSO: np, DESCRICAO: p.descricao, VALOR_MINIMO: p.valorMinimo, VALOR_MAXIMO: p.valorMaximo });
    for (const o of p.origens) linhas.origens.push({ PERCURSO: np, ...local(o) });
    for (const d of p.destinos) {
      const nd = ++nDestino;
      linhas.destinos.push({ DESTINO: nd, PERCURSO: np, ...local(d) });
      for (const inc of d.incidencias) {
        const ni = ++nIncidencia;
        // One row per customer; an incidence still without customers keeps one row (the rule will say so).
        const clientes = inc.clientes.length ? inc.clientes : [null];
        for (const cl of clientes)
          linhas.incidencias.push({ INCIDENCIA: ni, DESTINO: nd, CLIENTE_CPF_CNPJ: digitos(cl?.cpfCnpjFormatado) || null, '#CLIENTE': cl?.nome ?? null });
        inc.elementosCusto.forEach((e) => addElemento(e, 'INCIDENCIA', null, ni));
      }
    }
    p.elementosCusto.forEach((e) => addElemento(e, 'PERCURSO', np, null));
  });
  return linhas;
}

/** The empty template: one example row per sheet (a route São Paulo → Rio de Janeiro, one customer's
 * incidence priced by weight): with a real carrier, customer and dates it imports as it is. */
export function linhasExemplo(): LinhasPlanilha {
  return {
    tabela: [{ TRANSPORTADORA_CNPJ: '12345678000190', '#TRANSPORTADORA': 'Transportadora Exemplo Ltda', INICIO: '2027-01-01', FIM: null, ICMS_INCLUSO: false, DESCRICAO_ICMS: null, DESCRICAO_PESO_TAXADO: null }],
    percursos: [{ PERCURSO: 1, DESCRICAO: 'SP → RJ', VALOR_MINIMO: '50', VALOR_MAXIMO: '0' }],
    origens: [{ PERCURSO: 1, UF: 'SP', MUNICIPIO_IBGE: null, '#MUNICIPIO': null }],
    destinos: [{ DESTINO: 1, PERCURSO: 1, UF: null, MUNICIPIO_IBGE: 3304557, '#MUNICIPIO': 'Rio de Janeiro/RJ' }],
    incidencias: [{ INCIDENCIA: 1, DESTINO: 1, CLIENTE_CPF_CNPJ: '98765432000110', '#CLIENTE': 'Cliente Exemplo S.A.' }],
    elementos: [
      elemento(
        { ...novoElementoCusto(), descricao: 'Frete peso', modalidade: 'CALCULADO_KG', evento: null, percentualFrete: null },
        1,
        'INCIDENCIA',
        null,
        1,
      ),
    ],
    faixas: [{ ELEMENTO: 1, FAIXA_LIMITE: '500', VALOR: '1.2' }],
  };
}
