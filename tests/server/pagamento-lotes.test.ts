import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { linhas } from '../../src/server/db/linhas';
import { recalcularSituacaoPagamento } from '../../src/server/pagamentos/recalcular-situacao';
import { ctesDemo } from './faturas-dados';
import { createHarness, type Harness } from './harness';
import { lerFatura } from './pagamento-dados';

// The recompute of many faturas goes in batches (issue 29 bench: a rule change over 10,000 faturas): cut into
// batches of one fatura each, it writes exactly what one batch writes, for faturas of every outcome.

let h: Harness;
let db: Db;
/** A CT-e billed alone and one billed beside another (issue 33: an audit's chunk recomputes only its CT-es' lines). */
let mudam: number[] = [];

/** What the recompute wrote, fatura by fatura and line by line. */
const gravado = async () => ({
  faturas: linhas(await db.execute(sql`select id, situacao_pagamento, bloqueios, linhas_bloqueadas, valor_a_pagar, valor_contestado, desconto_contestacoes from fatura order by id`)),
  linhas: linhas(await db.execute(sql`select id, bloqueios, valor_a_pagar from fatura_cte order by id`)),
});

/** Back to what migration 0025 left: every fatura in conferência, no block, nothing to pay. */
const esquecer = async () => {
  await db.execute(sql`update fatura set situacao_pagamento = 'EM_CONFERENCIA', bloqueios = '{}', linhas_bloqueadas = 0, valor_a_pagar = 0 where status = 'PROCESSADO'`);
  await db.execute(sql`update fatura_cte set bloqueios = '{}', valor_a_pagar = null`);
};

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  db = h.bancos.COLACRIL.db;
  const [sucesso, lido, falha] = await Promise.all([
    ctesDemo(db, 'AUDITADO_SUCESSO', 40).then((c) => c.filter((x) => x.numeroFatura === null)),
    ctesDemo(db, 'LIDO', 4),
    ctesDemo(db, 'AUDITADO_FALHA', 4),
  ]);
  await lerFatura(h, [{ cte: sucesso[0] }, { cte: sucesso[1] }]);
  await lerFatura(h, [{ cte: lido[0] }]);
  await lerFatura(h, [{ cte: falha[0] }, { cte: sucesso[2] }]);
  await lerFatura(h, [{ cte: sucesso[3], valorFrete: '999999.99' }, { numero: '987654' }]);
  mudam = [lido[0].id, sucesso[2].id];
});
afterAll(() => h?.close());

describe('the payment recompute in batches', () => {
  it('one fatura per batch writes what one batch writes', async () => {
    await esquecer();
    await db.transaction((tx) => recalcularSituacaoPagamento(tx, { todas: true }));
    const inteiro = await gravado();
    expect(new Set(inteiro.faturas.map((f) => (f as { situacao_pagamento: string }).situacao_pagamento)).size).toBeGreaterThanOrEqual(2);
    await esquecer();
    await db.transaction((tx) => recalcularSituacaoPagamento(tx, { todas: true }, 1));
    expect(await gravado()).toEqual(inteiro);
  });

  it('CT-es changed (an audit): their own lines and their faturas write what the whole recompute writes', async () => {
    await db.transaction((tx) => recalcularSituacaoPagamento(tx, { todas: true }));
    const antes = await gravado();
    // The LIDO one audited above its charge, the SUCESSO one beside a FALHA turned FALHA too.
    await db.execute(sql`update cte set status = 'AUDITADO_SUCESSO', valor_auditoria = valor_total - 50 where id = ${mudam[0]}`);
    await db.execute(sql`update cte set status = 'AUDITADO_FALHA' where id = ${mudam[1]}`);
    await db.transaction((tx) => recalcularSituacaoPagamento(tx, { cteIds: mudam }));
    const soDosCtes = await gravado();
    expect(soDosCtes).not.toEqual(antes);
    await esquecer();
    await db.transaction((tx) => recalcularSituacaoPagamento(tx, { todas: true }));
    expect(soDosCtes).toEqual(await gravado());
  });
});
