import type { HitBusca } from '../../contracts/busca';
import { ROTULO_STATUS_MINUTA } from '../../contracts/minutas';
import { ROTULO_STATUS_ROMANEIO } from '../../contracts/romaneio-status';
import type { RomaneioLinha } from '../../contracts/romaneios';
import { somenteDigitos } from '../../domain/cpf';
import { formatBrl } from '../../domain/format-brl';
import { formatDateBr } from '../../domain/format-date-br';
import { autoCompletarCtes } from '../ctes/consultar-ctes';
import type { Db } from '../db/database';
import { buscarFaturasPorNumero } from '../faturas/listar-faturas';
import { buscarMinutasPorNumero } from '../minutas/listar-minutas';
import { buscarRomaneiosPorNumero } from '../romaneios/listar-romaneios';
import { buscarRomaneiosOsPorNumero } from '../romaneios-os/listar-romaneios-os';

// The documents' palette searches by number: the very queries of the per-screen searches (GET /ctes?cte=,
// /faturas/listar, /minutas/listar, /romaneios/listar, /romaneios-colacril/listar: prefix ranges of their
// number indexes, the exact number first), limited to the palette's few hits and labelled as the palette shows them.

const juntar = (partes: (string | null | undefined)[]) => partes.filter(Boolean).join(' · ') || undefined;

/** CT-es by number or key prefix (digits only; a pasted key's spaces, dots and dashes dropped). */
export async function buscarCtes(db: Db, texto: string, limite: number): Promise<HitBusca[]> {
  // Sliced, not limited: the autocomplete orders its candidates (the highest numbers and keys) by date.
  const linhas = (await autoCompletarCtes(db, somenteDigitos(texto))).slice(0, limite);
  return linhas.map((c) => ({ id: c.id, rotulo: `CT-e ${c.numero ?? c.chave ?? c.id}`, detalhe: juntar([c.transportadora?.nome ?? c.emitente, c.chave]) }));
}

export async function buscarFaturas(db: Db, texto: string, limite: number): Promise<HitBusca[]> {
  const linhas = await buscarFaturasPorNumero(db, texto, limite);
  return linhas.map((f) => ({
    id: f.id,
    rotulo: `Fatura ${f.numeroDocumento}`,
    detalhe: juntar([f.transportadora.razaoSocial, formatDateBr(f.dataEmissao), formatBrl(f.valorTotal), f.status === 'CANCELADO' ? 'Cancelada' : null]),
  }));
}

export async function buscarMinutas(db: Db, texto: string, limite: number): Promise<HitBusca[]> {
  const linhas = await buscarMinutasPorNumero(db, texto, limite);
  return linhas.map((m) => ({
    id: m.id,
    rotulo: `Minuta ${m.numero ?? m.id}`,
    detalhe: juntar([m.transportadora?.razaoSocial, formatDateBr(m.dataEmissao), formatBrl(m.valorTotalFrete), ROTULO_STATUS_MINUTA[m.status]]),
  }));
}

/** A manifest hit of either flavour: "Romaneio 123" (or "Romaneio de O.S. 123"), then status, date, driver, carrier. */
const hitRomaneio = (r: RomaneioLinha, rotulo: string): HitBusca => ({
  id: r.id,
  rotulo: `${rotulo} ${r.numero}`,
  detalhe: juntar([ROTULO_STATUS_ROMANEIO[r.status], formatDateBr(r.dataEmissao), r.motorista, r.transportadora]),
});

export async function buscarRomaneios(db: Db, texto: string, limite: number): Promise<HitBusca[]> {
  return (await buscarRomaneiosPorNumero(db, texto, limite)).map((r) => hitRomaneio(r, 'Romaneio'));
}

export async function buscarRomaneiosOs(db: Db, texto: string, limite: number): Promise<HitBusca[]> {
  return (await buscarRomaneiosOsPorNumero(db, texto, limite)).map((r) => hitRomaneio(r, 'Romaneio de O.S.'));
}
