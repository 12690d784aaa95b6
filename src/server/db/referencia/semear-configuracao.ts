import { join } from 'node:path';
import {
  TOLERANCIA_PERCENTUAL_PADRAO,
  TOLERANCIA_VALOR_PADRAO,
} from '../../../contracts/configuracoes';
import type { Db } from '../database';
import { configuracao } from '../schema/configuracao';

/** The CT-e reader's folders of a company under the XML base folder (XML_DIR): entrada, saida, erro. */
export const pastasXml = (base: string, empresa: string) => ({
  enderecoEntrada: join(base, empresa.toLowerCase(), 'entrada'),
  enderecoSaida: join(base, empresa.toLowerCase(), 'saida'),
  enderecoErro: join(base, empresa.toLowerCase(), 'erro'),
});

/** The settings row: folders of the CT-e reader under `pastaXml`, audit tolerance (every install). */
export async function seedConfiguracao(db: Db, pastas: ReturnType<typeof pastasXml>): Promise<void> {
  await db
    .insert(configuracao)
    .values({
      id: 1,
      ...pastas,
      integrarFaturamento: false,
      toleranciaValor: TOLERANCIA_VALOR_PADRAO,
      toleranciaPercentual: TOLERANCIA_PERCENTUAL_PADRAO,
    })
    .onConflictDoNothing();
}
