import type { UsuarioLogado } from '../../contracts/auth';
import { ROTULO_STATUS_MINUTA } from '../../contracts/minutas';
import { ROTULO_STATUS_ROMANEIO } from '../../contracts/romaneio-status';
import type { RomaneioLinha } from '../../contracts/romaneios';
import { formatDateBr } from '../../domain/format-date-br';
import { temPermissao } from '../../domain/permissions';
import { formatBrl } from '../../domain/format-brl';
import { buscarCtesPorTexto } from '../api/ctes-api';
import { buscarFaturasPorNumero } from '../api/faturas-api';
import { buscarMinutasPorNumero } from '../api/minutas-api';
import { buscarMotoristasPalette } from '../api/motoristas-api';
import { buscarPerfisAtivos } from '../api/perfis-api';
import { buscarRomaneiosPorNumero } from '../api/romaneios-api';
import { buscarRomaneiosOsPorNumero } from '../api/romaneios-os-api';
import { buscarTabelasPorTransportadora } from '../api/tabelas-frete-api';
import { buscarTransportadoras } from '../api/transportadoras-api';
import { buscarUsuariosPorNome } from '../api/usuarios-api';
import { buscarVeiculosPorPlaca } from '../api/veiculos-api';

export interface EntityHit {
  id: number;
  rotulo: string;
  detalhe?: string;
  /** Where picking it goes: the screen, which opens the record's dialog from ?editar={id}. */
  destino: string;
}

export interface EntitySearchProvider {
  id: string;
  titulo: string;
  permitido: (u: UsuarioLogado) => boolean;
  /** The typed text could name one of these records: only then is the server asked (a word is no CT-e number). */
  aceita: (texto: string) => boolean;
  buscar: (texto: string, signal: AbortSignal) => Promise<EntityHit[]>;
}

/** Palette hits per provider. */
export const HITS_POR_GRUPO = 5;
const primeiros = <T>(itens: T[]) => itens.slice(0, HITS_POR_GRUPO);
const qualquerTexto = () => true;
/** CT-e number or key: digits only (spaces, dots and dashes of a pasted key are ignored). */
const pareceCte = (texto: string) => /^[\d\s.-]+$/.test(texto) && /\d/.test(texto);
/** A fatura number (the 352/552 número): digits only, at most 10. */
const pareceFatura = (texto: string) => /^\d{1,10}$/.test(texto.trim());
/** A minuta number: digits only, at most 9. */
const pareceMinuta = (texto: string) => /^\d{1,9}$/.test(texto.trim());
/** A freight-cost manifest number (GET /romaneios/listar): digits only, at most 10. */
const pareceRomaneio = (texto: string) => /^\d{1,10}$/.test(texto.trim());
/** A service-order manifest number (GET /romaneios-colacril/listar): digits only, at most 9. */
const pareceRomaneioOs = (texto: string) => /^\d{1,9}$/.test(texto.trim());
/** A plate being typed: letters and digits only, at most 7 (spec 01 §5), a dash allowed. */
const parecePlaca = (texto: string) => /^[A-Za-z0-9-]{1,8}$/.test(texto.trim()) && texto.replace('-', '').length <= 7;

/** The screen's record dialog (?ver={id}), keeping the screen's filters when it is already open. */
function destinoVer(tela: string, id: number): string {
  const aqui = new URL(window.location.href);
  if (aqui.pathname !== tela) return `${tela}?ver=${id}`;
  aqui.searchParams.set('ver', String(id));
  return `${tela}?${aqui.searchParams.toString()}`;
}
const destinoCte = (id: number) => destinoVer('/ctes', id);

/**
 * A record dialog on a screen with tabs in ?aba= (null: the first tab, which has no parameter): the screen's
 * filters are kept only when that same tab is open (the other tab's filters mean nothing to it).
 */
function destinoVerNaAba(tela: string, aba: string | null, id: number): string {
  const aqui = new URL(window.location.href);
  const mesmaAba = aqui.pathname === tela && aqui.searchParams.get('aba') === aba;
  const p = mesmaAba ? aqui.searchParams : new URLSearchParams(aba === null ? undefined : { aba });
  p.set('ver', String(id));
  return `${tela}?${p.toString()}`;
}

/** A manifest hit of either flavour: "Romaneio 123" (or "Romaneio de O.S. 123"), then status, date, driver, carrier. */
const hitRomaneio = (r: RomaneioLinha, rotulo: string, destino: string): EntityHit => ({
  id: r.id,
  rotulo: `${rotulo} ${r.numero}`,
  detalhe: [ROTULO_STATUS_ROMANEIO[r.status], formatDateBr(r.dataEmissao), r.motorista, r.transportadora].filter(Boolean).join(' · '),
  destino,
});

/** The palette's server searches (keyboard.md: a few hits each; cmdk stays small). */
export const ENTITY_SEARCH_PROVIDERS: readonly EntitySearchProvider[] = [
  {
    id: 'ctes',
    titulo: 'CT-es',
    permitido: (u) => temPermissao(u, 'FRETE_CTE_M'),
    aceita: pareceCte,
    // Number or key (GET /ctes?cte=); picking one opens its detail dialog on the Fretes screen, keeping the
    // screen's filters when it is already open.
    buscar: async (texto, signal) =>
      primeiros(await buscarCtesPorTexto(texto.replace(/\D/g, ''), signal)).map((c) => ({
        id: c.id,
        rotulo: `CT-e ${c.numero ?? c.chave ?? c.id}`,
        detalhe: [c.detalhe, c.chave].filter(Boolean).join(' · ') || undefined,
        destino: destinoCte(c.id),
      })),
  },
  {
    id: 'faturas',
    titulo: 'Faturas',
    permitido: (u) => temPermissao(u, 'FRETE_FAT_M'),
    aceita: pareceFatura,
    // GET /faturas/listar?numero= (prefix of the número); picking one opens its modal on the Faturas screen.
    buscar: async (texto, signal) =>
      primeiros(await buscarFaturasPorNumero(texto.trim(), signal)).map((f) => ({
        id: f.id,
        rotulo: `Fatura ${f.numeroDocumento}`,
        detalhe: [f.transportadora.razaoSocial, formatDateBr(f.dataEmissao), formatBrl(f.valorTotal), f.status === 'CANCELADO' ? 'Cancelada' : null].filter(Boolean).join(' · '),
        destino: destinoVer('/faturas', f.id),
      })),
  },
  {
    id: 'minutas',
    titulo: 'Minutas',
    permitido: (u) => temPermissao(u, 'FRETE_MINU_M'),
    aceita: pareceMinuta,
    // GET /minutas/listar?numero= (prefix of the número); picking one opens its modal on the Minutas screen.
    buscar: async (texto, signal) =>
      primeiros(await buscarMinutasPorNumero(texto.trim(), signal)).map((m) => ({
        id: m.id,
        rotulo: `Minuta ${m.numero ?? m.id}`,
        detalhe: [m.transportadora?.razaoSocial, formatDateBr(m.dataEmissao), formatBrl(m.valorTotalFrete), ROTULO_STATUS_MINUTA[m.status]].filter(Boolean).join(' · '),
        destino: destinoVer('/minutas', m.id),
      })),
  },
  {
    id: 'romaneios',
    titulo: 'Romaneios de frete',
    permitido: (u) => temPermissao(u, 'FRETE_ROMA_M'),
    aceita: pareceRomaneio,
    // GET /romaneios/listar?numero= (prefix of the número); picking one opens its dialog on the first tab of /romaneios.
    buscar: async (texto, signal) =>
      primeiros(await buscarRomaneiosPorNumero(texto.trim(), signal)).map((r) => hitRomaneio(r, 'Romaneio', destinoVerNaAba('/romaneios', null, r.id))),
  },
  {
    id: 'romaneios-os',
    titulo: 'Romaneios de O.S.',
    permitido: (u) => temPermissao(u, 'FRETE_ROMA_M'),
    aceita: pareceRomaneioOs,
    // GET /romaneios-colacril/listar?numero= (prefix); picking one opens its dialog on the O.S. tab (?aba=os).
    buscar: async (texto, signal) =>
      primeiros(await buscarRomaneiosOsPorNumero(texto.trim(), signal)).map((r) => hitRomaneio(r, 'Romaneio de O.S.', destinoVerNaAba('/romaneios', 'os', r.id))),
  },
  {
    id: 'perfis',
    titulo: 'Perfis',
    permitido: (u) => temPermissao(u, '____PERF_M'),
    aceita: qualquerTexto,
    buscar: async (texto, signal) => (await buscarPerfisAtivos(texto, signal)).map((p) => ({ id: p.id, rotulo: p.descricao, destino: `/perfis?editar=${p.id}` })),
  },
  {
    id: 'transportadoras',
    titulo: 'Transportadoras',
    permitido: (u) => temPermissao(u, 'FRETE_TRANS_M'),
    aceita: qualquerTexto,
    buscar: async (texto, signal) =>
      primeiros(await buscarTransportadoras(texto, signal, HITS_POR_GRUPO)).map((t) => ({
        id: t.id,
        rotulo: t.razaoSocial,
        detalhe: t.cnpjFormatado ?? t.cpfCnpjFormatado ?? undefined,
        destino: `/transportadora?editar=${t.id}`,
      })),
  },
  {
    id: 'motoristas',
    titulo: 'Motoristas',
    permitido: (u) => temPermissao(u, 'FRETE_MOTO_M'),
    aceita: qualquerTexto, // a name or a CPF
    buscar: async (texto, signal) =>
      primeiros(await buscarMotoristasPalette(texto, signal)).map((m) => ({ id: m.id, rotulo: m.nome, detalhe: m.cpfFormatado, destino: `/motoristas?editar=${m.id}` })),
  },
  {
    id: 'veiculos',
    titulo: 'Veículos',
    permitido: (u) => temPermissao(u, 'FRETE_VEIC_M'),
    aceita: parecePlaca,
    buscar: async (texto, signal) =>
      primeiros(await buscarVeiculosPorPlaca(texto, signal)).map((v) => ({ id: v.id, rotulo: v.placa, detalhe: v.modelo ?? undefined, destino: `/veiculos?editar=${v.id}` })),
  },
  {
    id: 'tabelas-frete',
    titulo: 'Tabelas de frete',
    permitido: (u) => temPermissao(u, 'FRETE_TABFR_M'),
    aceita: qualquerTexto,
    buscar: async (texto, signal) =>
      primeiros(await buscarTabelasPorTransportadora(texto, HITS_POR_GRUPO, signal)).map((t) => ({
        id: t.id,
        rotulo: t.transportadora.razaoSocial,
        detalhe: `${formatDateBr(t.inicio)} a ${t.fim ? formatDateBr(t.fim) : 'sem fim'}`,
        destino: `/tabelas-frete?editar=${t.id}`,
      })),
  },
  {
    id: 'usuarios',
    titulo: 'Usuários',
    permitido: (u) => temPermissao(u, '____USER_M'),
    aceita: qualquerTexto,
    buscar: async (texto, signal) =>
      primeiros(await buscarUsuariosPorNome(texto, signal)).map((u) => ({ id: u.id, rotulo: u.nome, detalhe: u.login, destino: `/usuarios?editar=${u.id}` })),
  },
];
