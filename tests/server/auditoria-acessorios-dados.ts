import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { CteLido } from '../../src/contracts/cte-documento';
import type { StatusCte } from '../../src/contracts/cte-status';
import type { Db } from '../../src/server/db/database';
import { cte } from '../../src/server/db/schema/cte';
import { ocorrencia } from '../../src/server/db/schema/ocorrencia';
import { lerCteXml } from '../../src/server/ingest/cte-xml';
import { colunasCte } from '../../src/server/ingest/ler-arquivos-cte';
import { CODIGOS, type DadosTabelas } from './tabelas-frete-dados';

// Issue 31 (task C): CT-es São Paulo → Rio of carrier Ávila (auditoria-dados.ts) with the components they charge,
// their type and the CT-e they refer to set directly (the XML reader fills them in production), and occurrences
// inserted straight into `ocorrencia` (the migration's trigger links them to the CT-e of their key).

const BASE: CteLido = (() => {
  const lido = lerCteXml(readFileSync(join(__dirname, '../fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml')));
  if (lido.tipo !== 'CTE') throw new Error('amostra');
  return lido.cte;
})();

export interface CteAcessorio {
  /** vTPrest (the charged value). */
  cobrado: string;
  /** Component names (default one "FRETE" of the whole value). */
  componentes?: string[];
  tipoCte?: number;
  referenciado?: { id: number | null; chave: string };
  status?: StatusCte;
  peso?: string | null;
  valorAuditoria?: string | null;
  valorCorreto?: string | null;
}

let sequencia = 0;

/** Stores the CT-e as processing leaves it (PROCESSADO, carrier Ávila, 200 kg, notes R$ 1.000,00, ICMS 12 %). */
export async function novoCteAcessorio(db: Db, d: DadosTabelas, o: CteAcessorio): Promise<{ id: number; numero: number; chave: string }> {
  const n = ++sequencia;
  const numero = 810000 + n;
  const chave = `3517051122233300018157001${String(numero).padStart(9, '0')}2${String(n).padStart(9, '0')}`;
  const nomes = o.componentes ?? ['FRETE'];
  const doc: CteLido = {
    ...BASE,
    chave,
    identificacao: {
      ...BASE.identificacao,
      numeroCte: numero,
      dataEmissao: '2017-05-10T10:00:00-03:00',
      codigoMunicipioOrigem: CODIGOS.saoPaulo,
      nomeMunicipioOrigem: 'São Paulo',
      ufOrigem: 'SP',
      codigoMunicipioDestino: CODIGOS.rio,
      nomeMunicipioDestino: 'Rio de Janeiro',
      ufDestino: 'RJ',
    },
    prestacao: { valorTotal: o.cobrado, valorReceber: o.cobrado, componentes: nomes.map((nome, i) => ({ nome, valor: i === 0 ? o.cobrado : '0.00' })) },
    icms: { ...BASE.icms!, grupo: 'ICMS00', cst: '00', aliquota: '12.00' },
    protocolo: null,
    cancelado: false,
  };
  const [novo] = await db
    .insert(cte)
    .values({
      ...colunasCte(doc),
      tipoCte: o.tipoCte ?? 0,
      chaveReferenciada: o.referenciado?.chave ?? null,
      cteReferenciadoId: o.referenciado?.id ?? null,
      status: o.status ?? 'PROCESSADO',
      transportadoraId: d.transportadoras.avila,
      clienteId: d.clientes.semAmigavel,
      pesoBruto: o.peso === undefined ? '200' : o.peso,
      valorNotas: '1000',
      valorAuditoria: o.valorAuditoria ?? null,
      valorCorreto: o.valorCorreto ?? null,
    })
    .returning({ id: cte.id });
  return { id: novo.id, numero, chave };
}

let ocorrencias = 0;

/** An OCOREN occurrence of the CT-e's key (linked by the trigger); `codigo` 24 = "Mercadoria reentregue ao cliente destino". */
export async function novaOcorrencia(db: Db, chaveCte: string, o: { codigo?: string; sentido?: string | null; cancelada?: boolean; linha?: number } = {}) {
  const n = ++ocorrencias;
  const [nova] = await db
    .insert(ocorrencia)
    .values({
      origem: 'OCOREN',
      chaveCte,
      codigo: o.codigo ?? '24',
      sentido: (o.sentido === undefined ? 'REENTREGA' : o.sentido) as never,
      dataHora: new Date('2026-11-05T17:30:00Z'),
      arquivo: 'OCOREN_1105.txt',
      linha: o.linha ?? 3,
      cancelada: o.cancelada ?? false,
      identidade: `teste-c-${chaveCte}-${n}`,
    })
    .returning({ id: ocorrencia.id });
  return nova.id;
}

export const cancelarOcorrencia = (db: Db, id: number) => db.update(ocorrencia).set({ cancelada: true }).where(eq(ocorrencia.id, id));
