import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Empresa } from '../../../contracts/common';
import { demoErpSource } from '../../erp/erp-source';
import { erpTabelas } from '../../erp/erp-tabelas';
import { sincronizarTransportadoras } from '../../erp/sincronizar-erp';
import { pastasEdi } from '../../ingest/ler-pasta-edi';
import type { CompanyDatabase } from '../../db/database';
import { linhas } from '../../db/linhas';
import { chaveAcesso } from '../ctes-demo/chave-acesso';

// The CONEMB sample (./amostra/, ORIGIN.md there) on a fresh demo: its carrier, DLB SERVICOS, in the demo
// carrier register; a few of its notes (série 11) in the demo ERP, so "Converter Minutas" fills client and
// destination of those conhecimentos; the file itself in each company's CONEMB input folder.

/** The carrier that issued the sample, and its shipper (embarcadora). */
export const CNPJ_DLB = '18484199000136';
export const RAZAO_SOCIAL_DLB = 'DLB Serviços Ltda';
export const CNPJ_EMBARCADORA_AMOSTRA = '89850341001212';
/** The name the sample gets in the input folder (carrier CNPJ and the file's 320 document). */
export const NOME_AMOSTRA_CONEMB = `CONEMB-${CNPJ_DLB}-CONHE201014060.txt`;
export const lerAmostraConemb = () => readFileSync(new URL('./amostra/CONEMB-3.0-sample.txt', import.meta.url));

/**
 * The sample's notes the demo ERP knows: its conhecimento, NF número (série 11), the NF's day and weight
 * (the conhecimento's). The other 16 of its 21 are unknown to the ERP: converted without client.
 */
export const NOTAS_ERP_AMOSTRA = [
  { conhecimento: '89135', numero: 381419, dataEmissao: '2023-10-10', peso: '30.000', valor: '1377.40' },
  { conhecimento: '89137', numero: 381796, dataEmissao: '2023-10-10', peso: '300.000', valor: '12960.00' },
  { conhecimento: '89139', numero: 381860, dataEmissao: '2023-10-11', peso: '393.000', valor: '18825.70' },
  { conhecimento: '89212', numero: 381840, dataEmissao: '2023-10-11', peso: '320.000', valor: '14112.00' },
  { conhecimento: '89344', numero: 382155, dataEmissao: '2023-10-11', peso: '102.000', valor: '4693.02' },
] as const;

/**
 * DLB in the demo ERP and, through the same sync as "Atualizar", in the carrier register. The demo ERP's
 * size is fixed (tests count it), so the last demo carrier nothing points at (no CT-e, freight table or
 * fatura) becomes DLB; a new ERP row only when there is none.
 */
export async function registrarTransportadoraDlb(banco: CompanyDatabase): Promise<void> {
  const { db, erpSchema } = banco;
  const { vwTransportadora } = erpTabelas(erpSchema);
  const [ja] = await db.select({ id: vwTransportadora.fornecedorId }).from(vwTransportadora).where(eq(vwTransportadora.cnpj, CNPJ_DLB));
  if (!ja) {
    const [livre] = linhas<{ id: string }>(
      await db.execute(sql`
        select v.fornecedor_id as id from ${vwTransportadora} v join transportadora t on t.fornecedor_id = v.fornecedor_id
        where not exists (select 1 from cte c where c.transportadora_id = t.id)
          and not exists (select 1 from cte c where c.emitente_documento = v.cnpj)
          and not exists (select 1 from tabela_frete f where f.transportadora_id = t.id)
          and not exists (select 1 from fatura f where f.transportadora_id = t.id or f.transportadora_cnpj = v.cnpj)
        order by v.fornecedor_id desc limit 1`),
    );
    const dlb = { razaoSocial: RAZAO_SOCIAL_DLB, nomeFantasia: 'DLB SERVICOS', cnpj: CNPJ_DLB };
    if (livre) await db.update(vwTransportadora).set(dlb).where(eq(vwTransportadora.fornecedorId, livre.id));
    else await db.insert(vwTransportadora).values({ fornecedorId: 'FDLB01', ...dlb });
  }
  await sincronizarTransportadoras(db, demoErpSource(banco));
}

/** NOTAS_ERP_AMOSTRA in the demo ERP (SAIDA, série 11), for two demo clients in turn (active, with a CNPJ and a known city). */
export async function notasErpAmostra(banco: CompanyDatabase): Promise<void> {
  const { db, erpSchema } = banco;
  const { vwNotaFiscal } = erpTabelas(erpSchema);
  const clientes = linhas<{ id: string }>(
    await db.execute(sql`
      select c.cliente_id as id from cliente c
      where c.ativado and c.posicao = 'ATIVO' and c.tipo <> 'FILIAL' and c.cpf_cnpj ~ '^[0-9]{14}$'
        and exists (select 1 from municipio m where m.nome = c.cidade and m.sigla_uf = c.estado)
      order by c.cliente_id limit 2`),
  );
  if (!clientes.length) return;
  const notas = NOTAS_ERP_AMOSTRA.map((n, i) => {
    // A fictitious NF-e key (cUF 43) of the shipper's note.
    const chave = chaveAcesso('43', n.dataEmissao, CNPJ_EMBARCADORA_AMOSTRA, '55', 11, n.numero, 20_231_000 + n.numero % 1000);
    return {
      notaFiscalId: `NF${CNPJ_EMBARCADORA_AMOSTRA}${String(n.numero).padStart(9, '0')}`,
      chave,
      numero: n.numero,
      serie: '11',
      dataEmissao: n.dataEmissao,
      tipo: 'SAIDA',
      clienteId: clientes[i % clientes.length].id,
      pesoBruto: n.peso,
      pesoLiquido: n.peso,
      valorTotalProdutos: n.valor,
      valor: n.valor,
    };
  });
  await db.insert(vwNotaFiscal).values(notas).onConflictDoNothing();
}

/** The sample in the input folder, unless a file of that name is there already (never overwritten). */
export function deixarAmostraNaEntrada(pastaEdi: string, empresa: Empresa): void {
  const { entrada } = pastasEdi(pastaEdi, empresa, 'conemb');
  mkdirSync(entrada, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(join(entrada, NOME_AMOSTRA_CONEMB), lerAmostraConemb(), { flag: 'wx' });
  } catch (erro) {
    if ((erro as NodeJS.ErrnoException).code !== 'EEXIST') throw erro;
  }
}
