import { and, eq, sql } from 'drizzle-orm';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../../contracts/common';
import {
  MSG_CHAVE_SEGREDOS_AUSENTE,
  MSG_PFX_AUSENTE,
  MSG_PFX_GRANDE_DEMAIS,
  TAMANHO_MAXIMO_PFX,
  type AmbienteSefaz,
  type SefazConfig,
  type SefazSalvar,
} from '../../../contracts/recebimento';
import { relogio } from '../../../domain/relogio';
import type { Db } from '../../db/database';
import { recebimentoFonte } from '../../db/schema/recebimento';
import { ApiError } from '../../http/api-error';
import { cifrar } from '../segredos';
import { lerCertificado, type CertificadoLido } from './certificado';

// Configuração › Recebimento › SEFAZ (admin): the CNPJ, its UF, the environment and the A1 certificate. The row
// SEFAZ of recebimento_fonte keeps what may be shown in `config` and the PFX with its password, encrypted, in `segredo`
// (never returned). The NSU state belongs to one CNPJ and environment: changing either starts again from NSU 0.

export const MSG_SEFAZ_SEM_CERTIFICADO = 'Envie o certificado A1 antes de ativar a consulta à SEFAZ.';

/** What `config` holds for SEFAZ. */
export interface ConfigSefazGravada {
  cnpj: string;
  uf: string;
  ambiente: AmbienteSefaz;
  certificado: CertificadoLido | null;
}

/** What `segredo` holds, encrypted. */
export interface SegredoSefaz {
  pfx: string;
  senha: string;
}

type Linha = typeof recebimentoFonte.$inferSelect;

export function configGravada(linha: Pick<Linha, 'config'> | undefined): ConfigSefazGravada {
  const c = (linha?.config ?? {}) as Partial<ConfigSefazGravada>;
  return {
    cnpj: typeof c.cnpj === 'string' ? c.cnpj : '',
    uf: typeof c.uf === 'string' ? c.uf : '',
    ambiente: c.ambiente === 'HOMOLOGACAO' ? 'HOMOLOGACAO' : 'PRODUCAO',
    certificado: c.certificado && typeof c.certificado === 'object' ? c.certificado : null,
  };
}

const linhaSefaz = async (db: Db): Promise<Linha | undefined> =>
  (await db.select().from(recebimentoFonte).where(eq(recebimentoFonte.fonte, 'SEFAZ')))[0];

function paraConfig(linha: Linha | undefined): SefazConfig {
  const c = configGravada(linha);
  return {
    ativa: linha?.ativa ?? false,
    cnpj: c.cnpj,
    uf: c.uf,
    ambiente: c.ambiente,
    certificado: linha?.segredo ? c.certificado : null,
    ultNSU: (linha?.ultNsu ?? 0n).toString(),
    maxNSU: (linha?.maxNsu ?? 0n).toString(),
    proximaConsulta: linha?.ativa && linha.proximaEm ? linha.proximaEm.toISOString() : null,
    bloqueadaAte: linha?.bloqueadaAte && linha.bloqueadaAte.getTime() > relogio.agoraMs() ? linha.bloqueadaAte.toISOString() : null,
    versao: linha?.versao ?? 0,
  };
}

export async function lerConfigSefaz(db: Db): Promise<SefazConfig> {
  return paraConfig(await linhaSefaz(db));
}

/** Saves the form; 409 on a stale versao or when turned on without a certificate. */
export async function salvarConfigSefaz(db: Db, dados: SefazSalvar): Promise<SefazConfig> {
  const atual = await linhaSefaz(db);
  if ((atual?.versao ?? 0) !== dados.versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
  if (dados.ativa && !atual?.segredo) throw new ApiError(409, [MSG_SEFAZ_SEM_CERTIFICADO]);
  const antes = configGravada(atual);
  const outroInteressado = antes.cnpj !== dados.cnpj || antes.ambiente !== dados.ambiente;
  const config: ConfigSefazGravada = { cnpj: dados.cnpj, uf: dados.uf, ambiente: dados.ambiente, certificado: antes.certificado };
  const agora = relogio.agora();
  if (!atual) {
    // Versao 0 and no row: the first save. A concurrent first save loses on the primary key.
    const [nova] = await db
      .insert(recebimentoFonte)
      .values({ fonte: 'SEFAZ', ativa: dados.ativa, config: { ...config }, versao: 1, proximaEm: dados.ativa ? agora : null })
      .onConflictDoNothing()
      .returning();
    if (!nova) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    return paraConfig(nova);
  }
  const [gravada] = await db
    .update(recebimentoFonte)
    .set({
      ativa: dados.ativa,
      config: { ...config },
      versao: sql`${recebimentoFonte.versao} + 1`,
      ...(outroInteressado ? { ultNsu: 0n, maxNsu: 0n } : {}),
      // Turned on: due now, unless a time is already set (SEFAZ's hour after 137/656 is kept by bloqueada_ate).
      ...(dados.ativa && !atual.proximaEm ? { proximaEm: agora } : {}),
    })
    .where(and(eq(recebimentoFonte.fonte, 'SEFAZ'), eq(recebimentoFonte.versao, dados.versao)))
    .returning();
  if (!gravada) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
  return paraConfig(gravada);
}

/** Stores the A1 certificate encrypted (400 unreadable/expired/too large; 409 without CHAVE_SEGREDOS). */
export async function salvarCertificado(db: Db, chave: Buffer | null, pfx: Buffer, senha: string): Promise<SefazConfig> {
  if (!chave) throw new ApiError(409, [MSG_CHAVE_SEGREDOS_AUSENTE]);
  if (pfx.length === 0) throw new ApiError(400, [MSG_PFX_AUSENTE]);
  if (pfx.length > TAMANHO_MAXIMO_PFX) throw new ApiError(400, [MSG_PFX_GRANDE_DEMAIS]);
  // Validity against the machine's real time, as the TLS handshake checks it (RELOGIO moves only business dates).
  const certificado = lerCertificado(pfx, senha);
  const segredo: SegredoSefaz = { pfx: pfx.toString('base64'), senha };
  const cifrado = cifrar(chave, JSON.stringify(segredo));
  const config = { ...configGravada(await linhaSefaz(db)), certificado };
  const [linha] = await db
    .insert(recebimentoFonte)
    .values({ fonte: 'SEFAZ', config: { ...config }, segredo: cifrado, versao: 1 })
    .onConflictDoUpdate({
      target: recebimentoFonte.fonte,
      set: { segredo: cifrado, config: sql`${recebimentoFonte.config} || ${JSON.stringify({ certificado })}::jsonb`, versao: sql`${recebimentoFonte.versao} + 1` },
    })
    .returning();
  return paraConfig(linha);
}
