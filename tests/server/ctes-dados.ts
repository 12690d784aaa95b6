import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CteLido, ParteCte, Tomador } from '../../src/contracts/cte-documento';
import type { StatusCte } from '../../src/contracts/cte-status';
import type { Db } from '../../src/server/db/database';
import { cte, cteNota, cteXml } from '../../src/server/db/schema/cte';
import { gerarXmlCte } from '../../src/server/ingest/gerar-xml-cte';
import { lerCteXml } from '../../src/server/ingest/cte-xml';
import { notaDaChave } from '../../src/domain/cte/chave-nfe';
import { colunasCte } from '../../src/server/ingest/ler-arquivos-cte';

// CT-es for the CT-e tests: the real sample (tests/fixtures/cte) with its parties, places, dates and notes
// changed, written as a cteProc by gerarXmlCte and read back by the reader, then stored as the reader
// stores it (cte, cte_nota, cte_xml).

const lido = lerCteXml(readFileSync(join(__dirname, '../fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml')));
if (lido.tipo !== 'CTE') throw new Error('amostra ilegível');
export const AMOSTRA: CteLido = lido.cte;

const digitos = (n: number, tamanho: number) => String(n).padStart(tamanho, '0').slice(-tamanho);

/** A 44-digit NF-e key of `cnpj`, series 1, number `numero`, issued in AAMM (the check digit is not checked). */
export const chaveNfe = (numero: number, cnpj = '11222333000181', aamm = '1103') => `41${aamm}${cnpj}55001${digitos(numero, 9)}1${digitos(numero, 8)}0`;
/** A 44-digit CT-e key of carrier `cnpj` and number `numero`. */
export const chaveCte = (numero: number, cnpj: string) => `41${'1103'}${cnpj}57001${digitos(numero, 9)}1${digitos(numero * 7, 8)}0`;

const parte = (cnpj: string | null, nome: string): ParteCte => ({ ...AMOSTRA.remetente!, cnpj, cpf: null, nome });

export interface NovoCte {
  numero: number;
  emitente: string;
  emitenteNome?: string;
  remetente: string | null;
  remetenteNome?: string;
  destinatario: string | null;
  destinatarioNome?: string;
  dataEmissao: string;
  origem?: [number, string, string];
  destino?: [number, string, string];
  tomador?: Tomador;
  valor?: string;
  valorCarga?: string;
  pesoCarga?: string | null;
  notas?: string[];
  /** The cargo's quantity lines (infQ); default one PESO BRUTO line of pesoCarga kg. */
  itensCarga?: CteLido['carga']['itens'];
  /** vRec (default: the same as valor, vTPrest). */
  valorReceber?: string;
  icms?: CteLido['icms'];
  status?: StatusCte;
  numeroFatura?: string;
  /** An explicit id (company-isolation tests). */
  id?: number;
}

export function documentoCte(n: NovoCte): CteLido {
  const [cO, nO, uO] = n.origem ?? [4108304, 'FOZ DO IGUACU', 'PR'];
  const [cD, nD, uD] = n.destino ?? [3523909, 'ITU', 'SP'];
  const tomador = n.tomador ?? 'REMETENTE';
  const remetente = parte(n.remetente, n.remetenteNome ?? `Remetente ${n.numero}`);
  const destinatario = parte(n.destinatario, n.destinatarioNome ?? `Destinatário ${n.numero}`);
  const doc: CteLido = {
    ...AMOSTRA,
    chave: chaveCte(n.numero, n.emitente),
    identificacao: {
      ...AMOSTRA.identificacao,
      numeroCte: n.numero,
      dataEmissao: n.dataEmissao,
      tomador,
      codigoMunicipioOrigem: cO,
      nomeMunicipioOrigem: nO,
      ufOrigem: uO,
      codigoMunicipioDestino: cD,
      nomeMunicipioDestino: nD,
      ufDestino: uD,
    },
    emitente: { ...AMOSTRA.emitente, cnpj: n.emitente, nome: n.emitenteNome ?? `Emitente ${n.emitente}` },
    remetente,
    destinatario,
    tomador: tomador === 'DESTINATARIO' ? destinatario : remetente,
    carga: {
      ...AMOSTRA.carga,
      valorTotal: n.valorCarga ?? AMOSTRA.carga.valorTotal,
      itens: n.itensCarga ?? (n.pesoCarga === null ? [] : [{ unidade: '01', tipoMedida: 'PESO BRUTO', quantidade: n.pesoCarga ?? '1000' }]),
    },
    prestacao: { ...AMOSTRA.prestacao, valorTotal: n.valor ?? '100.00', valorReceber: n.valorReceber ?? n.valor ?? '100.00', componentes: [{ nome: 'FRETE VALOR', valor: n.valor ?? '100.00' }] },
    ...(n.icms !== undefined ? { icms: n.icms } : {}),
    notas: (n.notas ?? []).map((chave) => ({ chave })),
  };
  // Through the XML writer and the reader: what is stored is what a file would give.
  const relido = lerCteXml(gerarXmlCte(doc));
  if (relido.tipo !== 'CTE') throw new Error(`CT-e ${n.numero}: ${relido.tipo === 'ERRO' ? relido.motivo : relido.tipo}`);
  return relido.cte;
}

/** Stores a CT-e as the reader does (LIDO unless told) and answers its id. */
export async function inserirCte(db: Db, n: NovoCte): Promise<number> {
  const doc = documentoCte(n);
  const [novo] = await db
    .insert(cte)
    .values({ ...colunasCte(doc), status: n.status ?? 'LIDO', numeroFatura: n.numeroFatura ?? null, ...(n.id ? { id: n.id } : {}) })
    .returning({ id: cte.id });
  await db.insert(cteXml).values({ cteId: novo.id, nomeArquivo: `${doc.chave}.xml`, xml: gerarXmlCte(doc) });
  if (doc.notas.length) await db.insert(cteNota).values(doc.notas.map((x) => ({ cteId: novo.id, chave: x.chave, numero: notaDaChave(x.chave)?.numero ?? null })));
  return novo.id;
}
