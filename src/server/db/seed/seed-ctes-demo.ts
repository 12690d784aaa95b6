import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { StatusCte } from '../../../../machines/cte-audit';
import type { Empresa } from '../../../contracts/common';
import type { CteLido, ParteCte, Tomador } from '../../../contracts/cte-documento';
import type { CodigoInconsistencia } from '../../../contracts/ctes';
import type { ResultadoCalculo, TabelaFrete } from '../../../contracts/tabelas-frete';
import { vereditoAuditoria, type ToleranciaAuditoria } from '../../../domain/auditoria/veredito-auditoria';
import { calcularFrete, type EntradaCalculo, type MunicipioCalculo } from '../../../domain/frete/calcular-frete';
import { Dec } from '../../../domain/frete/decimal-exato';
import { gerarXmlCte } from '../../ingest/gerar-xml-cte';
import { colunasCte, numeroDaChaveNfe } from '../../ingest/ler-arquivos-cte';
import { carregarTabelasVigentes } from '../../tabelas-frete/carregar-tabelas-vigentes';
import type { CompanyDatabase, Db } from '../database';
import { cliente } from '../schema/cliente';
import { configuracao } from '../schema/configuracao';
import { cte, cteGrupo } from '../schema/cte';
import { municipio } from '../schema/municipio';
import { tabelaFrete } from '../schema/tabela-frete';
import { transportadora } from '../schema/transportadora';
import { uf } from '../schema/uf';
import { usuario } from '../schema/usuario';
import { tipoVeiculo } from '../schema/veiculo';

// Demo CT-es (issue 5): the Fretes screen is full out of the box. Every document is a CteLido as the XML
// reader returns it, its XML (gerarXmlCte) is stored in cte_xml, its NF-e are in the demo ERP
// (vw_nota_fiscal, vw_pedido) so processing finds them, and every audited one was audited by the real
// engine against the demo freight tables, with the charged value set on purpose equal (SUCESSO), lower
// (OBSERVACOES) or higher (FALHA) than the table, so a new audit of the same CT-e gives the same verdict.
//
// What an audit reads from a CT-e here (and what a re-audit is expected to read):
//   dataDespacho  = the local date of dataEmissao (emitted between 06:00 and 20:59 at -03:00, so the UTC date is the same)
//   transportadora = cte.transportadora_id; clienteIds = the registers with the customer's CPF/CNPJ
//                   (recipient of a SAIDA, sender of an ENTRADA: cte.cliente_id)
//   peso = cte.peso_bruto (= the notes' sum = the CT-e's infQ in KG); valor = cte.valor_notas (= vCarga)
//   origem/destino = codigo_municipio_origem/destino; tipoVeiculo = cte.tipo_veiculo_id (null: "Qualquer")
//   icms = documento.icms.aliquota / 100; distancia null; entregas 1; charged = vTPrest (ICMS00, no substitution)
//   tolerance = the configuracao row.

/** CT-es per status and company: deterministic, so tests assert them. */
export const CTES_DEMO: Record<Empresa, Record<StatusCte, number>> = {
  // 2,400 and 900: the start of a new data folder stays a few seconds longer, not tens (both companies
  // seed on one thread); the current month still holds about a thousand COLACRIL CT-es.
  COLACRIL: {
    LIDO: 260,
    PROCESSADO: 360,
    AUDITADO_SUCESSO: 860,
    AUDITADO_OBSERVACOES: 190,
    AUDITADO_FALHA: 240,
    AUDITADO_ERRO: 145,
    AUDITADO_REVISADO: 145,
    CANCELADO: 100,
    DESCONSIDERADO: 100,
  },
  RRE: {
    LIDO: 100,
    PROCESSADO: 140,
    AUDITADO_SUCESSO: 310,
    AUDITADO_OBSERVACOES: 70,
    AUDITADO_FALHA: 90,
    AUDITADO_ERRO: 55,
    AUDITADO_REVISADO: 55,
    CANCELADO: 40,
    DESCONSIDERADO: 40,
  },
};

/** Groups of PROCESSADO CT-es confirmed into cte_grupo (AGRUPADO), and clusters marked CANDIDATO. */
export const GRUPOS_DEMO = [3, 4] as const;
export const CANDIDATOS_DEMO = { grupos: 14, tamanho: 3 } as const;

/** The shipping company itself: its plants (IBGE code) and a fictitious but valid CNPJ per plant. */
export const EMPRESAS_DEMO: Record<Empresa, { nome: string; fantasia: string; ie: string; plantas: { codigo: number; cnpj: string; logradouro: string; cep: string }[]; produtos: string[] }> = {
  COLACRIL: {
    nome: 'Colacril Demonstração Indústria e Comércio de Adesivos Ltda',
    fantasia: 'COLACRIL',
    ie: '387112233114',
    plantas: [
      { codigo: 3523909, cnpj: cnpjComDv('104325670001'), logradouro: 'Rodovia Waldomiro Corrêa de Camargo', cep: '13308200' },
      { codigo: 3525904, cnpj: cnpjComDv('104325670002'), logradouro: 'Avenida Antônio Frederico Ozanan', cep: '13215010' },
    ],
    produtos: ['PAPEL AUTOADESIVO', 'ETIQUETAS ADESIVAS', 'FITAS ADESIVAS', 'FILME AUTOADESIVO'],
  },
  RRE: {
    nome: 'RRE Demonstração Embalagens Ltda',
    fantasia: 'RRE',
    ie: '244556677110',
    plantas: [{ codigo: 3509502, cnpj: cnpjComDv('287654320001'), logradouro: 'Rua Dr. Mário Natividade', cep: '13041010' }],
    produtos: ['EMBALAGENS PLASTICAS', 'SACOS PLASTICOS', 'FILME STRETCH'],
  },
};

const MOTIVOS_CANCELAMENTO = [
  'Erro no valor do frete informado no CT-e',
  'Destinatário informado incorretamente',
  'Carga não embarcada',
  'CT-e emitido em duplicidade',
  'Alteração do tomador do serviço',
];
const OBSERVACOES_REVISAO = [
  'Cobrança de reentrega acordada com a transportadora; aprovado o valor cobrado.',
  'Diferença negociada com o comercial da transportadora; aprovado pelo valor da tabela.',
  'Taxa de agendamento cobrada à parte conforme contrato; valor da transportadora aceito.',
  'Tabela em renegociação: aprovado pelo valor da auditoria até a nova vigência.',
  'Percurso fora da tabela; valor conferido com a cotação enviada por e-mail.',
];
const COBRANCAS_ADICIONAIS = ['REENTREGA', 'DEVOLUCAO', 'TDE', 'AGENDAMENTO', 'PALETIZACAO', 'DESCARGA'];
const VIAS = ['Rua das Indústrias', 'Avenida Brasil', 'Rua Sete de Setembro', 'Avenida Getúlio Vargas', 'Rua XV de Novembro', 'Rodovia BR-116', 'Rua Santos Dumont', 'Avenida das Palmeiras'];
const BAIRROS = ['Centro', 'Distrito Industrial', 'Jardim América', 'Vila Nova', 'Boa Vista', 'Santa Cruz'];

// ---- keys and documents -------------------------------------------------------------------------

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

/**
 * A 44-digit access key: cUF, AAMM, issuer CNPJ, model (57 CT-e, 55 NF-e), series, number, tpEmis 1,
 * a numeric code, check digit.
 */
export function chaveAcesso(cUf: string, data: string, cnpj: string, modelo: '55' | '57', serie: number, numero: number, codigo: number): string {
  const sem = `${cUf}${data.slice(2, 4)}${data.slice(5, 7)}${cnpj.padStart(14, '0')}${modelo}${String(serie).padStart(3, '0')}${String(numero).padStart(9, '0')}1${String(codigo).padStart(8, '0')}`;
  return `${sem}${dvChave(sem)}`;
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

/** mulberry32: the same company gets the same CT-es on every seed. */
export function aleatorio(semente: number) {
  let a = semente >>> 0;
  const proximo = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const inteiro = (n: number) => Math.floor(proximo() * n);
  return {
    proximo,
    inteiro,
    entre: (min: number, max: number) => min + inteiro(max - min + 1),
    de: <T>(lista: readonly T[]): T => lista[inteiro(lista.length)],
    /** An index drawn by weight. */
    peso: (pesos: readonly number[]) => {
      let x = proximo() * pesos.reduce((s, p) => s + p, 0);
      for (let i = 0; i < pesos.length; i++) if ((x -= pesos[i]) < 0) return i;
      return pesos.length - 1;
    },
  };
}
type Aleatorio = ReturnType<typeof aleatorio>;

/** ICMS on freight leaving São Paulo: 12 % inside SP and to the South/Southeast, 7 % elsewhere (ES, CO, N, NE). */
export const aliquotaIcms = (ufOrigem: string, ufDestino: string) =>
  ufOrigem === ufDestino || (ufOrigem === 'SP' && ['PR', 'SC', 'RS', 'RJ', 'MG'].includes(ufDestino)) ? '12.00' : '7.00';

const LOCAL = -3 * 3600_000; // Brasília, no DST
const p2 = (n: number) => String(n).padStart(2, '0');
/** A local (-03:00) timestamp as a CT-e writes it. */
const dataHoraLocal = (ms: number) => {
  const d = new Date(ms + LOCAL);
  return `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}T${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}-03:00`;
};

/**
 * An emission instant in month `mesesAtras` before the current one (local time): days 1 to the month's end,
 * or to today in the current month; between 06:00 and 20:59 and never in the future.
 */
function emissao(r: Aleatorio, hoje: Date, mesesAtras: number): number {
  const local = new Date(hoje.getTime() + LOCAL);
  const ano = local.getUTCFullYear();
  const mes = local.getUTCMonth() - mesesAtras;
  const ultimo = mesesAtras === 0 ? local.getUTCDate() : new Date(Date.UTC(ano, mes + 1, 0)).getUTCDate();
  const dia = 1 + r.inteiro(ultimo);
  const ms = Date.UTC(ano, mes, dia, 6 + r.inteiro(15), r.inteiro(60), r.inteiro(60)) - LOCAL;
  // Today, before now: the same local day at an earlier hour (or yesterday early in the morning).
  return ms < hoje.getTime() - 60_000 ? ms : Math.max(Date.UTC(ano, mes, dia, 6, 0, 0) - LOCAL, hoje.getTime() - 60_000 - r.inteiro(3_600_000));
}

// ---- what the seed reads ------------------------------------------------------------------------

interface Municipio extends MunicipioCalculo {
  cUf: string;
}
interface Transportadora {
  id: number;
  razaoSocial: string;
  nomeFantasia: string | null;
  cnpj: string;
  ie: string | null;
  telefone: string | null;
  logradouro: string | null;
  cep: string | null;
  bairro: string | null;
  municipio: Municipio | null;
  cUf: string;
  comTabela: boolean;
}
interface Cliente {
  id: number;
  erpId: string;
  razaoSocial: string;
  nomeFantasia: string | null;
  documento: string;
  municipio: Municipio;
  /** Registers with the same CPF/CNPJ (incidences match on these). */
  ids: number[];
}

const soDigitosFone = (t: string | null) => (t ? t.replace(/\D/g, '').slice(0, 14) || null : null);

function parteCliente(c: Cliente): ParteCte {
  const cpf = c.documento.length === 11;
  return {
    cnpj: cpf ? null : c.documento,
    cpf: cpf ? c.documento : null,
    inscricaoEstadual: cpf ? null : String(100_000_000 + ((c.id * 7919) % 899_999_999)),
    nome: c.razaoSocial,
    nomeFantasia: null,
    telefone: null,
    endereco: {
      logradouro: VIAS[c.id % VIAS.length],
      numero: String(10 + ((c.id * 37) % 2900)),
      complemento: null,
      bairro: BAIRROS[c.id % BAIRROS.length],
      codigoMunicipio: c.municipio.codigo,
      municipio: c.municipio.nome,
      cep: String(10_000_000 + ((c.id * 104_729) % 89_999_999)).padStart(8, '0'),
      uf: c.municipio.siglaUf,
      codigoPais: '1058',
      pais: 'BRASIL',
    },
  };
}

function parteEmpresa(empresa: Empresa, planta: (typeof EMPRESAS_DEMO)[Empresa]['plantas'][number], m: Municipio): ParteCte {
  const e = EMPRESAS_DEMO[empresa];
  return {
    cnpj: planta.cnpj,
    cpf: null,
    inscricaoEstadual: e.ie,
    nome: e.nome,
    nomeFantasia: null,
    telefone: null,
    endereco: { logradouro: planta.logradouro, numero: '1500', complemento: null, bairro: 'Distrito Industrial', codigoMunicipio: m.codigo, municipio: m.nome, cep: planta.cep, uf: m.siglaUf, codigoPais: '1058', pais: 'BRASIL' },
  };
}

const parteTransportadora = (t: Transportadora): ParteCte => ({
  cnpj: t.cnpj,
  cpf: null,
  inscricaoEstadual: t.ie && /^\d+$/.test(t.ie) ? t.ie : null,
  nome: t.razaoSocial,
  nomeFantasia: t.nomeFantasia,
  telefone: t.telefone,
  endereco: {
    logradouro: t.logradouro,
    numero: null,
    complemento: null,
    bairro: t.bairro,
    codigoMunicipio: t.municipio?.codigo ?? null,
    municipio: t.municipio?.nome ?? null,
    cep: t.cep ? t.cep.replace(/\D/g, '') || null : null,
    uf: t.municipio?.siglaUf ?? null,
    codigoPais: null,
    pais: null,
  },
});

// ---- the plan of one CT-e ----------------------------------------------------------------------

interface NotaPlano {
  chave: string;
  numero: number;
  notaFiscalId: string;
  pedidoId: string;
  dataEmissao: string;
  pesoBruto: string;
  pesoLiquido: string;
  valor: string;
  valorTotalProdutos: string;
}

interface Plano {
  status: StatusCte;
  ms: number;
  transportadora: Transportadora;
  tipo: 'SAIDA' | 'ENTRADA';
  cliente: Cliente;
  planta: number;
  tomador: Tomador;
  /** Another customer: the expedidor, recebedor or payer (OUTROS) when the tomador is one of those. */
  terceiro: Cliente | null;
  notas: NotaPlano[];
  pesoBruto: string;
  valorNotas: string;
  inconsistencias: CodigoInconsistencia[];
  agrupamento: 'CANDIDATO' | 'AGRUPADO' | null;
  grupo: number | null;
  codigoCobranca: string | null;
  /** CANCELADO by the protocol at reading (not processed), or by an event after processing. */
  canceladoNaLeitura: boolean;
  /** The audit: the engine's result and the value charged. */
  calculo: ResultadoCalculo | null;
  cobrado: string | null;
}

const processado = (p: Plano) => p.status !== 'LIDO' && !p.canceladoNaLeitura;

/** SAIDA: from the plant to the customer; ENTRADA: from the customer to the plant. */
const rota = (p: Plano, plantas: Municipio[]) =>
  p.tipo === 'SAIDA' ? { origem: plantas[p.planta], destino: p.cliente.municipio } : { origem: p.cliente.municipio, destino: plantas[p.planta] };

// ---- the seed ---------------------------------------------------------------------------------

export interface SeedCtesOpcoes {
  /** "Now" (default new Date()): the CT-es fall in this month and the two before. */
  hoje?: Date;
}

const LOTE_CTE = 500;

/** Promise.all's shape, one query after the other (thunks). */
async function emSequencia<T extends readonly (() => unknown)[]>(tarefas: T): Promise<{ [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const resultados: unknown[] = [];
  for (const t of tarefas) resultados.push(await t());
  return resultados as { [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

const snake = (c: string) => c.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`);

/**
 * A multi-row insert with ONE parameter: the rows as a JSON array read by jsonb_populate_recordset over the
 * table's own row type (PGlite binds thousands of parameters slowly). Keys are the camelCase properties.
 */
async function inserirJson<R = never>(db: Db, tabela: string, linhas: Record<string, unknown>[], retorno = ''): Promise<R[]> {
  if (!linhas.length) return [];
  const colunas = Object.keys(linhas[0]).map(snake);
  const json = JSON.stringify(linhas.map((l) => Object.fromEntries(Object.entries(l).map(([k, v]) => [snake(k), v]))));
  const lista = colunas.map((c) => `"${c}"`).join(', ');
  const r = await db.execute(
    sql`insert into ${sql.raw(tabela)} (${sql.raw(lista)}) select ${sql.raw(lista)} from jsonb_populate_recordset(null::${sql.raw(tabela)}, ${json}::jsonb)${sql.raw(retorno ? ` returning ${retorno}` : '')}`,
  );
  return (r as unknown as { rows: R[] }).rows;
}

/**
 * Seeds the demo CT-es once (nothing when a CT-e exists, when no carrier has a table in force or no
 * customer is registered). Its own transaction, after the rest of the seed (the responsible users exist).
 */
export async function seedCtesDemo(banco: CompanyDatabase, opcoes: SeedCtesOpcoes = {}): Promise<void> {
  await banco.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(current_schema()))`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(cte);
    if (n > 0) return;
    await semear(tx, banco, opcoes.hoje ?? new Date());
  });
}

async function semear(db: Db, banco: CompanyDatabase, hoje: Date): Promise<void> {
  const empresa = banco.empresa;
  const demo = EMPRESAS_DEMO[empresa];
  const r = aleatorio(empresa === 'RRE' ? 5105 : 2026);

  // In sequence: the transaction's one client would queue them anyway (pg warns on concurrent queries).
  const [ufs, municipiosLinhas, transportadorasLinhas, clientesLinhas, comTabela, config, usuarios, tipos] = await emSequencia([
    () => db.select({ sigla: uf.sigla, codigo: uf.codigo }).from(uf),
    () => db
      .select({ id: municipio.id, codigo: municipio.codigo, nome: municipio.nome, siglaUf: municipio.siglaUf, ufId: municipio.ufId, latitude: municipio.latitude, longitude: municipio.longitude })
      .from(municipio),
    () => db
      .select({
        id: transportadora.id,
        razaoSocial: transportadora.razaoSocial,
        nomeFantasia: transportadora.nomeFantasia,
        cnpj: transportadora.cnpj,
        ie: transportadora.inscricaoEstadual,
        telefone: transportadora.telefone1,
        logradouro: transportadora.logradouro,
        cep: transportadora.cep,
        bairro: transportadora.bairro,
        estado: transportadora.estado,
        localidade: transportadora.localidade,
        municipioId: transportadora.municipioId,
      })
      .from(transportadora)
      .where(eq(transportadora.ativado, true))
      .orderBy(asc(transportadora.razaoSocial), asc(transportadora.id)),
    () => db
      .select({ id: cliente.id, erpId: cliente.clienteId, razaoSocial: cliente.razaoSocial, nomeFantasia: cliente.nomeFantasia, documento: cliente.cpfCnpj, cidade: cliente.cidade, estado: cliente.estado, ativado: cliente.ativado })
      .from(cliente)
      .orderBy(asc(cliente.id)),
    () => db.selectDistinct({ id: tabelaFrete.transportadoraId }).from(tabelaFrete),
    () => db.select({ valor: configuracao.toleranciaValor, percentual: configuracao.toleranciaPercentual }).from(configuracao).where(eq(configuracao.id, 1)),
    () => db.select({ id: usuario.id, login: usuario.login }).from(usuario).where(inArray(usuario.login, ['supervisor', 'gerente', 'admin'])),
    () => db.select({ id: tipoVeiculo.id, codigo: tipoVeiculo.codigo }).from(tipoVeiculo),
  ] as const);
  const cUf = new Map(ufs.map((u) => [u.sigla, u.codigo]));
  const comCodigo = (m: MunicipioCalculo): Municipio => ({ ...m, cUf: cUf.get(m.siglaUf) ?? '35' });
  const porCodigo = new Map(municipiosLinhas.map((m) => [m.codigo, comCodigo(m)]));
  const porId = new Map(municipiosLinhas.map((m) => [m.id, m.codigo]));
  const porNome = new Map(municipiosLinhas.map((m) => [`${m.nome}|${m.siglaUf}`, m.codigo]));
  const plantas = demo.plantas.map((p) => {
    const m = porCodigo.get(p.codigo);
    if (!m) throw new Error(`Município ${p.codigo} ausente na carga inicial`);
    return m;
  });
  const idsTabela = new Set(comTabela.map((t) => t.id));
  const transportadoras: Transportadora[] = transportadorasLinhas
    .filter((t) => t.cnpj && /^\d{14}$/.test(t.cnpj))
    .map((t) => {
      const codigo = (t.municipioId !== null ? porId.get(t.municipioId) : undefined) ?? porNome.get(`${t.localidade}|${t.estado}`);
      const m = codigo !== undefined ? porCodigo.get(codigo)! : null;
      return {
        id: t.id,
        razaoSocial: t.razaoSocial,
        nomeFantasia: t.nomeFantasia,
        cnpj: t.cnpj!,
        ie: t.ie,
        telefone: soDigitosFone(t.telefone),
        logradouro: t.logradouro,
        cep: t.cep,
        bairro: t.bairro,
        municipio: m,
        cUf: (t.estado && cUf.get(t.estado)) || m?.cUf || '35',
        comTabela: idsTabela.has(t.id),
      };
    });
  const tabeladas = transportadoras.filter((t) => t.comTabela);
  const semTabela = transportadoras.filter((t) => !t.comTabela);
  const idsPorDocumento = new Map<string, number[]>();
  for (const c of clientesLinhas) if (c.documento) idsPorDocumento.set(c.documento, [...(idsPorDocumento.get(c.documento) ?? []), c.id]);
  const clientes: Cliente[] = clientesLinhas.flatMap((c) => {
    const codigo = porNome.get(`${c.cidade}|${c.estado}`);
    if (!c.ativado || !c.documento || codigo === undefined) return [];
    return [{ id: c.id, erpId: c.erpId, razaoSocial: c.razaoSocial, nomeFantasia: c.nomeFantasia, documento: c.documento, municipio: porCodigo.get(codigo)!, ids: idsPorDocumento.get(c.documento)! }];
  });
  if (!tabeladas.length || !clientes.length || !config.length) return;
  const tolerancia: ToleranciaAuditoria = { valor: config[0].valor, percentual: config[0].percentual };
  const responsavel = (['supervisor', 'gerente', 'admin'].map((l) => usuarios.find((u) => u.login === l)).find(Boolean) ?? null)?.id ?? null;
  const truck = tipos.find((t) => t.codigo === 'TRUCK')?.id ?? tipos[0]?.id ?? null;

  // Customers: a few big accounts receive most shipments (weights fall with the position).
  const pesosClientes = clientes.map((_, i) => 1 / (1 + i * 0.08));
  const cobertos = (c: Cliente) => !['AM', 'PA', 'AC', 'RO', 'RR', 'AP', 'TO', 'EX'].includes(c.municipio.siglaUf);
  const clientesSp = clientes.filter((c) => c.municipio.siglaUf === 'SP');
  const clientesCobertos = clientes.filter(cobertos);
  const clientesNorte = clientes.filter((c) => !cobertos(c));
  const clientesForaSp = clientes.filter((c) => c.municipio.siglaUf !== 'SP');
  const pesosTabeladas = tabeladas.map((_, i) => [30, 22, 16, 12, 12, 8][i] ?? 5);
  const deLista = (lista: Cliente[]) => (lista.length ? lista[r.inteiro(lista.length)] : clientes[r.peso(pesosClientes)]);

  // The engine over the tables in force per day (one query per distinct day; the tables are cached).
  const tabelasDoDia = new Map<string, Map<number, TabelaFrete[]>>();
  const tabelasEm = async (dia: string) => {
    let m = tabelasDoDia.get(dia);
    if (!m) {
      const grupos = await carregarTabelasVigentes(db, dia);
      tabelasDoDia.set(dia, (m = new Map(grupos.map((g) => [g.transportadora.id, g.tabelas]))));
    }
    return m;
  };
  const calcular = async (p: Plano): Promise<ResultadoCalculo> => {
    const { origem, destino } = rota(p, plantas);
    const data = dataHoraLocal(p.ms);
    const entrada: EntradaCalculo = {
      dataDespacho: data.slice(0, 10),
      clienteIds: p.cliente.ids,
      valor: new Dec(p.valorNotas).toFixed(2),
      peso: new Dec(p.pesoBruto).toString(),
      origem,
      destino,
      tipoVeiculo: null,
      icms: new Dec(aliquotaIcms(origem.siglaUf, destino.siglaUf)).div(100).toFixed(),
      distancia: null,
      entregas: 1,
    };
    const tabelas = (await tabelasEm(entrada.dataDespacho)).get(p.transportadora.id) ?? [];
    return calcularFrete({ id: p.transportadora.id, razaoSocial: p.transportadora.razaoSocial }, tabelas, entrada);
  };

  // ---- notes: weights and values (LTL: a few hundred kg, R$ 12–45 a kg of adhesives/packaging)
  let numeroNf = 40_000 + r.inteiro(10_000);
  let pedidoSeq = 120_000 + r.inteiro(10_000);
  const notasDe = (ms: number, tipo: 'SAIDA' | 'ENTRADA', c: Cliente, planta: number): NotaPlano[] => {
    const qtd = r.peso([65, 25, 10]) + 1;
    const total = Math.max(4, Math.round(Math.exp(Math.log(320) + (r.proximo() + r.proximo() + r.proximo() - 1.5) * 1.6) * 1000) / 1000);
    const porKg = 12 + r.proximo() * 33;
    const pedidoId = `PV${++pedidoSeq}`;
    return Array.from({ length: qtd }, (_, i) => {
      const peso = new Dec(total).div(qtd).toDecimalPlaces(3, Dec.ROUND_HALF_UP);
      const valor = peso.times(porKg * (0.9 + r.proximo() * 0.2)).toDecimalPlaces(2, Dec.ROUND_HALF_UP).plus('0.01');
      const dataNf = dataHoraLocal(ms - (1 + r.inteiro(36)) * 3_600_000).slice(0, 10);
      // SAIDA: the company's note; ENTRADA: the customer's (its CNPJ and UF).
      const emitente = tipo === 'SAIDA' ? demo.plantas[planta].cnpj : c.documento.padStart(14, '0');
      const uf = tipo === 'SAIDA' ? plantas[planta].cUf : c.municipio.cUf;
      const numero = tipo === 'SAIDA' ? ++numeroNf : 1000 + r.inteiro(900_000);
      const chave = chaveAcesso(uf, dataNf, emitente, '55', 1, numero, 10_000_000 + r.inteiro(89_999_999));
      return {
        chave,
        numero: numeroDaChaveNfe(chave)!,
        notaFiscalId: `NF${chave.slice(6, 20)}${chave.slice(25, 34)}`,
        pedidoId: i === 0 || r.proximo() < 0.7 ? pedidoId : `PV${++pedidoSeq}`,
        dataEmissao: dataNf,
        pesoBruto: peso.toFixed(3),
        pesoLiquido: peso.times('0.94').toDecimalPlaces(3, Dec.ROUND_HALF_UP).toFixed(3),
        valor: valor.toFixed(2),
        valorTotalProdutos: valor.times('0.91').toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2),
      };
    });
  };
  const somar = (notas: NotaPlano[], campo: 'pesoBruto' | 'valor', casas: number) => notas.reduce((s, n) => s.plus(n[campo]), new Dec(0)).toFixed(casas);

  // ---- plan every CT-e
  const contagens = CTES_DEMO[empresa];
  const mesDe = (status: StatusCte) => (status === 'LIDO' ? r.peso([80, 15, 5]) : status === 'PROCESSADO' ? r.peso([60, 30, 10]) : r.peso([42, 33, 25]));
  const novoPlano = (status: StatusCte, exigeRota: 'COBERTA' | 'ERRO' | 'QUALQUER', ms?: number, fixo?: Partial<Plano>): Plano => {
    let t: Transportadora;
    let tipo: 'SAIDA' | 'ENTRADA' = r.proximo() < 0.9 ? 'SAIDA' : 'ENTRADA';
    let c: Cliente;
    if (exigeRota === 'COBERTA') {
      t = tabeladas[r.peso(pesosTabeladas)];
      c = tipo === 'ENTRADA' ? deLista(clientesSp) : r.proximo() < 0.75 ? clientes[r.peso(pesosClientes)] : deLista(clientesCobertos);
    } else if (exigeRota === 'ERRO') {
      const semTabelaAgora = semTabela.length > 0 && r.proximo() < 0.3;
      t = semTabelaAgora ? r.de(semTabela) : tabeladas[r.peso(pesosTabeladas)];
      if (semTabelaAgora) c = clientes[r.peso(pesosClientes)];
      else if (clientesNorte.length && r.proximo() < 0.6) c = r.de(clientesNorte);
      else ((tipo = 'ENTRADA'), (c = deLista(clientesForaSp)));
    } else {
      t = semTabela.length && r.proximo() < 0.12 ? r.de(semTabela) : tabeladas[r.peso(pesosTabeladas)];
      c = clientes[r.peso(pesosClientes)];
    }
    if (fixo?.transportadora) t = fixo.transportadora;
    if (fixo?.cliente) c = fixo.cliente;
    if (fixo?.tipo) tipo = fixo.tipo;
    const quando = ms ?? emissao(r, hoje, mesDe(status));
    const planta = fixo?.planta ?? r.inteiro(plantas.length);
    const tomador: Tomador =
      tipo === 'ENTRADA' ? (r.proximo() < 0.7 ? 'DESTINATARIO' : 'REMETENTE') : (['REMETENTE', 'DESTINATARIO', 'OUTROS', 'EXPEDIDOR', 'RECEBEDOR'] as const)[r.peso([88, 5, 3, 2, 2])];
    const notas = notasDe(quando, tipo, c, planta);
    return {
      status,
      ms: quando,
      transportadora: t,
      tipo,
      cliente: c,
      planta,
      tomador,
      terceiro: ['OUTROS', 'EXPEDIDOR', 'RECEBEDOR'].includes(tomador) ? clientes[r.peso(pesosClientes)] : null,
      notas,
      pesoBruto: somar(notas, 'pesoBruto', 3),
      valorNotas: somar(notas, 'valor', 2),
      inconsistencias: [],
      agrupamento: null,
      grupo: null,
      codigoCobranca: null,
      canceladoNaLeitura: false,
      calculo: null,
      cobrado: null,
    };
  };

  const planos: Plano[] = [];
  const auditado = { AUDITADO_SUCESSO: 'SUCESSO', AUDITADO_OBSERVACOES: 'OBSERVACOES', AUDITADO_FALHA: 'FALHA', AUDITADO_REVISADO: 'FALHA', AUDITADO_ERRO: 'ERRO' } as const;
  for (const status of Object.keys(contagens) as StatusCte[]) {
    let quantos = contagens[status];
    if (status === 'PROCESSADO') {
      // Confirmed groups and candidate clusters: same carrier, day, plant and destination municipality.
      const cluster = (tamanho: number, agrupamento: 'CANDIDATO' | 'AGRUPADO', grupo: number | null) => {
        const base = novoPlano(status, 'COBERTA', undefined, { tipo: 'SAIDA' });
        const vizinhos = clientes.filter((c) => c.municipio.codigo === base.cliente.municipio.codigo && c !== base.cliente);
        for (let i = 0; i < tamanho; i++) {
          const p =
            i === 0
              ? base
              : novoPlano(status, 'COBERTA', base.ms + i * 600_000 > hoje.getTime() ? base.ms - i * 600_000 : base.ms + i * 600_000, {
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
          quantos--;
        }
      };
      GRUPOS_DEMO.forEach((tamanho, i) => cluster(tamanho, 'AGRUPADO', i));
      for (let i = 0; i < CANDIDATOS_DEMO.grupos; i++) cluster(CANDIDATOS_DEMO.tamanho, 'CANDIDATO', null);
    }
    for (; quantos > 0; quantos--) {
      const esperado = status in auditado ? auditado[status as keyof typeof auditado] : null;
      let p = novoPlano(status, esperado === 'ERRO' ? 'ERRO' : esperado ? 'COBERTA' : 'QUALQUER');
      if (esperado) {
        // Retry until the engine agrees (SUCESSO for a priced one, FALHA for an ERRO); a table missing on
        // that day (e.g. January's previous months) just draws again.
        for (let tentativa = 0; ; tentativa++) {
          p.calculo = await calcular(p);
          if ((p.calculo.status === 'FALHA') === (esperado === 'ERRO')) break;
          if (tentativa > 50) throw new Error(`CT-es de demonstração: nenhuma combinação dá ${esperado} para ${status}`);
          p = novoPlano(status, esperado === 'ERRO' ? 'ERRO' : 'COBERTA', tentativa > 10 ? emissao(r, hoje, 0) : undefined);
        }
        p.cobrado = cobrar(r, esperado, p.calculo, tolerancia, p.pesoBruto);
      }
      if (status === 'CANCELADO') p.canceladoNaLeitura = r.proximo() < 0.5;
      planos.push(p);
    }
  }

  // Inconsistencies (a note with zero weight or value) on processed, not audited CT-es, and additional
  // charge codes of the ERP order on a few processed ones (mostly not grouped: the list colours those).
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
  planos.sort((a, b) => a.ms - b.ms);

  // ---- documents
  const numeroCte = new Map<number, number>();
  const documentos = planos.map((p) => {
    const t = p.transportadora;
    const numero = (numeroCte.get(t.id) ?? 1000 + (t.id * 7717) % 60_000) + 1;
    numeroCte.set(t.id, numero);
    return documento(empresa, p, plantas, numero, r, hoje.getTime());
  });

  // ---- ERP: the orders and notes (processing finds them by key)
  const pedidos = new Map<string, { pedidoId: string; clienteId: string; status: string; dataPedido: string; valorTotal: Dec; codigoCobrancaAdicional: string | null }>();
  const notasErp = planos.flatMap((p) =>
    p.notas.map((n) => {
      const pedido = pedidos.get(n.pedidoId);
      if (pedido) pedido.valorTotal = pedido.valorTotal.plus(n.valor);
      else
        pedidos.set(n.pedidoId, {
          pedidoId: n.pedidoId,
          clienteId: p.cliente.erpId,
          status: 'FATURADO',
          dataPedido: dataHoraLocal(p.ms - (2 + r.inteiro(10)) * 86_400_000).slice(0, 10),
          valorTotal: new Dec(n.valor),
          codigoCobrancaAdicional: p.codigoCobranca,
        });
      return {
        notaFiscalId: n.notaFiscalId,
        chave: n.chave,
        numero: n.numero,
        serie: '1',
        dataEmissao: n.dataEmissao,
        tipo: p.tipo,
        pedidoId: n.pedidoId,
        clienteId: p.cliente.erpId,
        pesoBruto: n.pesoBruto,
        pesoLiquido: n.pesoLiquido,
        valorTotalProdutos: n.valorTotalProdutos,
        valor: n.valor,
      };
    }),
  );
  const erp = `"${banco.erpSchema}"`;
  await inserirJson(db, `${erp}.vw_nota_fiscal`, notasErp);
  await inserirJson(db, `${erp}.vw_pedido`, [...pedidos.values()].map((p) => ({ ...p, valorTotal: p.valorTotal.toFixed(2) })));

  // ---- groups
  const grupos = GRUPOS_DEMO.length
    ? await db
        .insert(cteGrupo)
        .values(GRUPOS_DEMO.map((_, i) => ({ tipoVeiculoId: truck, confirmadoPor: responsavel, confirmadoEm: new Date(Math.max(...planos.filter((p) => p.grupo === i).map((p) => p.ms)) + 3_600_000 * 5) })))
        .returning({ id: cteGrupo.id })
    : [];

  // ---- CT-es, notes, XMLs and audits, in multi-row batches
  const agora = hoje.getTime();
  const ate = (ms: number) => new Date(Math.min(ms, agora));
  for (let i = 0; i < planos.length; i += LOTE_CTE) {
    const lote = planos.slice(i, i + LOTE_CTE);
    const docs = documentos.slice(i, i + LOTE_CTE);
    const linhas = lote.map((p, j) => {
      const lido = docs[j];
      const feito = processado(p);
      const veredito = p.calculo && p.cobrado ? vereditoAuditoria({ valorTotal: p.cobrado, valorReceber: p.cobrado, icmsPorSubstituicao: false }, p.calculo, tolerancia) : null;
      const aprovado = p.status === 'AUDITADO_REVISADO' ? aprovacao(p, veredito!, j) : null;
      const lidoEm = ate(p.ms + (1 + r.inteiro(40)) * 3_600_000);
      return {
        ...colunasCte(lido),
        status: p.status,
        tipo: feito ? p.tipo : 'DESCONHECIDO',
        transportadoraId: feito ? p.transportadora.id : null,
        clienteId: feito ? p.cliente.id : null,
        tipoVeiculoId: p.grupo !== null ? truck : null,
        inconsistencias: p.inconsistencias,
        agrupamento: p.agrupamento,
        grupoId: p.grupo !== null ? grupos[p.grupo].id : null,
        codigoCobrancaAdicional: p.codigoCobranca,
        pesoBruto: feito ? p.pesoBruto : null,
        valorNotas: feito ? p.valorNotas : null,
        valorAuditoria: veredito?.valorEsperado ?? null,
        valorCorreto: aprovado?.valorCorreto ?? null,
        dataCancelamento: p.status === 'CANCELADO' ? (p.canceladoNaLeitura ? new Date(lido.protocolo!.recebidoEm!) : ate(p.ms + (2 + r.inteiro(70)) * 3_600_000)) : null,
        motivoCancelamento: p.status === 'CANCELADO' ? (p.canceladoNaLeitura ? lido.protocolo!.motivo : r.de(MOTIVOS_CANCELAMENTO)) : null,
        lidoEm,
        versao: p.status === 'LIDO' ? 0 : p.status === 'PROCESSADO' ? 1 : 2 + Number(aprovado !== null),
        alteradoEm: ate(lidoEm.getTime() + (1 + r.inteiro(72)) * 3_600_000),
        _veredito: veredito,
        _aprovado: aprovado,
      };
    });
    const ids = await inserirJson<{ id: number; chave: string }>(
      db,
      'cte',
      linhas.map(({ _veredito, _aprovado, ...l }) => l),
      'id, chave',
    );
    const idDe = new Map(ids.map((x) => [x.chave, x.id]));

    const notas = lote.flatMap((p, j) =>
      p.notas.map((n) => {
        const feito = processado(p);
        return {
          cteId: idDe.get(docs[j].chave)!,
          chave: n.chave,
          numero: n.numero,
          pesoBruto: feito ? n.pesoBruto : null,
          pesoLiquido: feito ? n.pesoLiquido : null,
          valor: feito ? n.valor : null,
          valorTotalProdutos: feito ? n.valorTotalProdutos : null,
          pedidoId: feito ? n.pedidoId : null,
          notaFiscalId: feito ? n.notaFiscalId : null,
        };
      }),
    );
    await inserirJson(db, 'cte_nota', notas);

    await inserirJson(db, 'cte_xml', docs.map((d) => ({ cteId: idDe.get(d.chave)!, nomeArquivo: `${d.chave}-procCTe.xml`, xml: gerarXmlCte(d) })));

    const auditorias = linhas.flatMap((l, j) => {
      const p = lote[j];
      if (!l._veredito || !p.calculo) return [];
      const v = l._veredito;
      const a = l._aprovado;
      const auditadoEm = ate(l.lidoEm.getTime() + (2 + r.inteiro(96)) * 3_600_000);
      return [
        {
          cteId: idDe.get(l.chave)!,
          status: a ? ('REVISADO' as const) : v.resultado,
          valorCobrado: v.valorCobrado,
          valorTotal: v.valorEsperado,
          diferenca: v.diferenca,
          tolerancia: v.tolerancia,
          valorCorreto: a?.valorCorreto ?? null,
          tabelaFreteId: p.calculo.tabelaFrete?.id ?? null,
          elementosCusto: p.calculo.elementosCusto,
          mensagens: v.mensagens,
          traco: p.calculo.traco,
          responsavelId: a ? responsavel : null,
          observacoes: a?.observacoes ?? null,
          auditadoEm,
          revisadoEm: a ? ate(auditadoEm.getTime() + (1 + r.inteiro(48)) * 3_600_000) : null,
        },
      ];
    });
    await inserirJson(db, 'cte_auditoria', auditorias);
  }
}

/** Approval of an overcharge: half by the carrier's value (a negotiated extra), half by the table's. */
function aprovacao(p: Plano, v: ReturnType<typeof vereditoAuditoria>, j: number) {
  const pelaTransportadora = j % 2 === 0;
  return {
    valorCorreto: pelaTransportadora ? v.valorCobrado : v.valorEsperado!,
    observacoes: OBSERVACOES_REVISAO[(p.notas[0].numero + j) % OBSERVACOES_REVISAO.length],
  };
}

/**
 * The value the carrier charged, set on purpose against the engine's total and the tolerance:
 * SUCESSO equal (or a few cents off, within it), OBSERVACOES below it, FALHA above it (an overcharge).
 */
function cobrar(r: Aleatorio, resultado: 'SUCESSO' | 'OBSERVACOES' | 'FALHA' | 'ERRO', calculo: ResultadoCalculo, tol: ToleranciaAuditoria, peso: string): string {
  if (resultado === 'ERRO')
    // No table price: a believable freight for the weight (R$ 0.90–2.20 a kg, at least R$ 85).
    return Dec.max(new Dec(peso).times(0.9 + r.proximo() * 1.3), new Dec(85)).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
  const esperado = new Dec(calculo.valorTotal);
  const limite = Dec.max(new Dec(tol.valor), esperado.times(tol.percentual).div(100)).toDecimalPlaces(2, Dec.ROUND_DOWN);
  if (resultado === 'SUCESSO') {
    if (r.proximo() < 0.85) return esperado.toFixed(2);
    const centavos = r.inteiro(limite.times(100).toNumber() + 1);
    return esperado.plus(new Dec(centavos).div(100).times(r.proximo() < 0.5 ? -1 : 1)).toFixed(2);
  }
  const margem = Dec.max(esperado.times(resultado === 'FALHA' ? 0.03 + r.proximo() * 0.22 : 0.01 + r.proximo() * 0.08), new Dec('0.50')).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  const valor = resultado === 'FALHA' ? esperado.plus(limite).plus(margem) : esperado.minus(limite).minus(margem);
  return Dec.max(valor, new Dec('1.00')).toFixed(2);
}

/** The CT-e as the reader returns it (so the stored documento equals what its XML reads back). */
function documento(empresa: Empresa, p: Plano, plantas: Municipio[], numero: number, r: Aleatorio, agora: number): CteLido {
  const demo = EMPRESAS_DEMO[empresa];
  const t = p.transportadora;
  const { origem, destino } = rota(p, plantas);
  const dataEmissao = dataHoraLocal(p.ms);
  const chave = chaveAcesso(t.cUf, dataEmissao, t.cnpj, '57', 1, numero, 10_000_000 + ((numero * 48_271 + t.id) % 89_999_999));
  const empresaParte = parteEmpresa(empresa, demo.plantas[p.planta], plantas[p.planta]);
  const clienteParte = parteCliente(p.cliente);
  const remetente = p.tipo === 'SAIDA' ? empresaParte : clienteParte;
  const destinatario = p.tipo === 'SAIDA' ? clienteParte : empresaParte;
  const terceiro = p.terceiro ? parteCliente(p.terceiro) : null;
  const expedidor = p.tomador === 'EXPEDIDOR' ? terceiro : null;
  const recebedor = p.tomador === 'RECEBEDOR' ? terceiro : null;
  const tomador = { REMETENTE: remetente, DESTINATARIO: destinatario, EXPEDIDOR: expedidor, RECEBEDOR: recebedor, OUTROS: terceiro }[p.tomador];
  const aliquota = aliquotaIcms(origem.siglaUf, destino.siglaUf);
  // What the carrier charged: the audited value, or a believable freight from its price level.
  const valorTotal = new Dec(
    p.cobrado ??
      Dec.max(new Dec(p.pesoBruto).times(0.55 + r.proximo() * 0.9).plus(new Dec(p.valorNotas).times(0.006)).plus(40), new Dec(85)).toDecimalPlaces(2, Dec.ROUND_HALF_UP),
  );
  // Components add up to vTPrest (ICMS "por dentro"): the engine's lines scaled to the value charged.
  const linhas = p.calculo?.status === 'SUCESSO' ? p.calculo.elementosCusto.filter((l) => l.tipo !== 'IMPOSTO' && new Dec(l.valor).gt(0)) : [];
  const base = linhas.length
    ? linhas.map((l) => ({ nome: l.descricao.toUpperCase(), peso: new Dec(l.valor) }))
    : [
        { nome: 'FRETE PESO', peso: new Dec(72) },
        { nome: 'AD VALOREM', peso: new Dec(6) },
        { nome: 'GRIS', peso: new Dec(4) },
        { nome: 'PEDAGIO', peso: new Dec(6) },
        { nome: 'DESPACHO', peso: new Dec(12) },
      ];
  const somaBase = base.reduce((s, b) => s.plus(b.peso), new Dec(0));
  const componentes = base.map((b) => ({ nome: b.nome, valor: valorTotal.times(b.peso).div(somaBase).toDecimalPlaces(2, Dec.ROUND_DOWN) }));
  const resto = valorTotal.minus(componentes.reduce((s, c) => s.plus(c.valor), new Dec(0)));
  componentes[0].valor = componentes[0].valor.plus(resto);
  const volumes = p.notas.length * (1 + Math.floor(Number(p.pesoBruto) / 25));
  const recebidoEm = dataHoraLocal(Math.min(p.ms + (30 + r.inteiro(900)) * 1000, agora));
  return {
    chave,
    versaoLayout: '4.00',
    ambiente: 'PRODUCAO',
    identificacao: {
      numeroCte: numero,
      modelo: '57',
      serie: '1',
      cfop: `${origem.siglaUf === destino.siglaUf ? '5' : '6'}352`,
      dataEmissao,
      tipoCte: 0,
      tipoServico: 0,
      tomador: p.tomador,
      codigoMunicipioOrigem: origem.codigo,
      nomeMunicipioOrigem: origem.nome,
      ufOrigem: origem.siglaUf,
      codigoMunicipioDestino: destino.codigo,
      nomeMunicipioDestino: destino.nome,
      ufDestino: destino.siglaUf,
    },
    emitente: parteTransportadora(t),
    remetente,
    destinatario,
    expedidor,
    recebedor,
    tomador,
    carga: {
      valorTotal: p.valorNotas,
      produtoPredominante: demo.produtos[numero % demo.produtos.length],
      itens: [
        { unidade: '01', tipoMedida: 'PESO BRUTO', quantidade: p.pesoBruto },
        { unidade: '03', tipoMedida: 'VOLUMES', quantidade: String(volumes) },
      ],
    },
    prestacao: { valorTotal: valorTotal.toFixed(2), valorReceber: valorTotal.toFixed(2), componentes: componentes.map((c) => ({ nome: c.nome, valor: c.valor.toFixed(2) })) },
    icms: {
      grupo: 'ICMS00',
      cst: '00',
      simplesNacional: false,
      baseCalculo: valorTotal.toFixed(2),
      aliquota,
      valor: valorTotal.times(aliquota).div(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2),
      substituicao: null,
    },
    notas: p.notas.map((n) => ({ chave: n.chave })),
    protocolo: p.canceladoNaLeitura
      ? { numero: `1${t.cUf}${dataEmissao.slice(2, 4)}${String(numero).padStart(10, '0')}`, status: 101, motivo: 'Cancelamento de CT-e homologado', recebidoEm: dataHoraLocal(Math.min(p.ms + (3 + r.inteiro(20)) * 3_600_000, agora)) }
      : { numero: `1${t.cUf}${dataEmissao.slice(2, 4)}${String(numero).padStart(10, '0')}`, status: 100, motivo: 'Autorizado o uso do CT-e', recebidoEm },
    cancelado: p.canceladoNaLeitura,
  };
}
