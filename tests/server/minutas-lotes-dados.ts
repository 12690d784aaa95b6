import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { EMPRESAS, type Empresa } from '../../src/contracts/common';
import type { ArquivoConemb, ConhecimentoConemb } from '../../src/contracts/conemb';
import type { PastasConemb } from '../../src/contracts/minutas-lotes';
import type { CompanyDatabase, Db } from '../../src/server/db/database';
import { cliente } from '../../src/server/db/schema/cliente';
import { conembConhecimento, minuta } from '../../src/server/db/schema/minuta';
import { municipio } from '../../src/server/db/schema/municipio';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { erpTabelas } from '../../src/server/erp/erp-tabelas';
import { escreverConemb } from '../../src/server/ingest/conemb/escrever-conemb';
import { lerConemb } from '../../src/server/ingest/conemb/ler-conemb';
import { pastasEdi } from '../../src/server/ingest/ler-pasta-edi';

// Data for the tests of the Minutas admin batches (docs/decisoes.md §20): the real CONEMB 3.0 sample, files written by
// the CONEMB writer, the sample carrier and an ERP note whose client the conversion finds.

export const AMOSTRA_CONEMB = join(__dirname, '../fixtures/proceda/CONEMB-3.0-sample.txt');
/** The sample's carrier (DLB SERVICOS) and shipper (Grendene). */
export const CNPJ_DLB = '18484199000136';
export const CNPJ_GRENDENE = '89850341001212';

const leitura = lerConemb(readFileSync(AMOSTRA_CONEMB));
if (!leitura.ok) throw new Error(`amostra CONEMB ilegível: ${leitura.motivo}`);
export const AMOSTRA: ArquivoConemb = leitura.arquivo;

/** Both companies' CONEMB folders under a test EDI_DIR. */
export function criarPastasConemb(ediDir: string): (empresa?: Empresa) => PastasConemb {
  for (const e of EMPRESAS) for (const p of Object.values(pastasEdi(ediDir, e, 'conemb'))) mkdirSync(p, { recursive: true });
  return (empresa = 'COLACRIL') => pastasEdi(ediDir, empresa, 'conemb');
}

/** A conhecimento like the sample's first, with its own número (and `c` over it). */
export const conhecimento = (numero: string, c: Partial<ConhecimentoConemb> = {}): ConhecimentoConemb => ({ ...AMOSTRA.conhecimentos[0], numero, ...c });

/** A CONEMB 3.0 of these conhecimentos (the sample's header and carrier), as text. */
export function arquivoConemb(conhecimentos: ConhecimentoConemb[], documento = 'CONHE999000001'): string {
  return escreverConemb({ ...AMOSTRA, documento, conhecimentos, total: null, avisos: [] }, '3.0');
}

/** The sample's carrier in the register (the conversion finds it by the issuer CNPJ; the demo may have it already); answers its id. */
export async function cadastrarDlb(db: Db): Promise<number> {
  const [ja] = await db.select({ id: transportadora.id }).from(transportadora).where(eq(transportadora.cnpj, CNPJ_DLB)).orderBy(transportadora.id).limit(1);
  if (ja) return ja.id;
  const [t] = await db
    .insert(transportadora)
    .values({ fornecedorId: 'F-DLB-TESTE', razaoSocial: 'DLB SERVICOS LTDA', cnpj: CNPJ_DLB, cnpjFormatado: '18.484.199/0001-36', estado: 'RS' })
    .returning({ id: transportadora.id });
  return t.id;
}

/**
 * A client of ours (city written with other accents and case than the IBGE name) and an ERP note of it
 * (série written "011") that the sample's conhecimento `numeroNota` names; answers the client's id.
 */
export async function notaDoErp(banco: CompanyDatabase, numeroNota: number): Promise<number> {
  const [c] = await banco.db
    .insert(cliente)
    .values({ clienteId: 'C-CONEMB-1', razaoSocial: 'Loja Conemb Ltda', cpfCnpj: '11444777000161', tipo: 'MATRIZ', posicao: 'ATIVO', cidade: ' sao PAULO ', estado: 'sp' })
    .returning({ id: cliente.id });
  const { vwNotaFiscal } = erpTabelas(banco.erpSchema);
  // The demo ERP may have notes of the sample's números: only this one is known.
  const numeros = AMOSTRA.conhecimentos.flatMap((k) => k.notas.map((n) => Number(n.numero)));
  await banco.db.delete(vwNotaFiscal).where(inArray(vwNotaFiscal.numero, numeros));
  await banco.db.insert(vwNotaFiscal).values({
    notaFiscalId: 'NF-CONEMB-1',
    chave: `4323108985034100121255011000${String(numeroNota).padStart(9, '0')}1234567`.slice(0, 44),
    numero: numeroNota,
    serie: '011',
    dataEmissao: '2023-10-10',
    tipo: 'SAIDA',
    clienteId: 'C-CONEMB-1',
    pesoBruto: '30.000',
    valor: '1234.56',
  });
  return c.id;
}

export const municipioId = async (db: Db, codigo: number) => (await db.select({ id: municipio.id }).from(municipio).where(eq(municipio.codigo, codigo)))[0].id;

/** The minutas of these conhecimento números (of the sample's carrier). */
export async function minutasDosNumeros(db: Db, numeros: string[]) {
  return db
    .select({ minuta, conhecimento: { numero: conembConhecimento.numero, excluidoEm: conembConhecimento.excluidoEm } })
    .from(minuta)
    .innerJoin(conembConhecimento, eq(conembConhecimento.id, minuta.conhecimentoId))
    .where(inArray(conembConhecimento.numero, numeros));
}

/** Completes a minuta by hand (origin, destination, client, fatura) and confirms it, as the screen would. */
export async function confirmar(db: Db, id: number, r: { origem: number; destino: number; cliente: number; fatura: string }): Promise<void> {
  await db
    .update(minuta)
    .set({ origemId: r.origem, destinoId: r.destino, clienteId: r.cliente, fatura: r.fatura, status: 'PREENCHIDO', versao: 1 })
    .where(eq(minuta.id, id));
}
