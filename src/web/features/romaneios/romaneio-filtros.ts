import { STATUS_ROMANEIO, type StatusRomaneio } from '../../../contracts/romaneio-status';
import { TAMANHO_PAGINA_ROMANEIOS, type RefRomaneio } from '../../../contracts/romaneios';
import type { RomaneioListaQueryEntrada } from '../../../contracts/romaneios-salvar';
import { mesSaoPaulo } from '../../../domain/sao-paulo-date';
import type { DataTableSort } from '../../ui/data-table';
import { paginaDaUrl, paginaParaUrl, type ListaNaUrl } from '../../ui/list-url';
import { relogio } from '../../../domain/relogio';

/**
 * The freight-cost manifest list's filters (spec 03 §2.7) as the form holds them: '' means empty. No origin
 * or destination: a freight-cost manifest has none of its own (src/contracts/romaneios-salvar.ts), so those
 * filters would match nothing; carrier and customer match its items' CNPJs on the server.
 */
export interface FiltrosRomaneio {
  /** YYYY-MM-DD or '' (cleared on purpose). */
  inicio: string;
  fim: string;
  pedido: string;
  notaFiscal: string;
  status: StatusRomaneio | '';
  transportadora: RefRomaneio | null;
  cliente: RefRomaneio | null;
}

export type ListaRomaneio = ListaNaUrl<FiltrosRomaneio>;

/** Spec 03 §9: 50 a page, no other size. */
export const TAMANHOS_PAGINA = [TAMANHO_PAGINA_ROMANEIOS] as const;
/** The server orders the list (newest first); the URL keeps no sort. */
const ORDEM: DataTableSort = { field: 'numero', direction: 'desc' };

/** The current month (São Paulo), start to end, as the other lists. */
export function filtrosPadrao(agora = relogio.agora()): FiltrosRomaneio {
  const { dataIni, dataFim } = mesSaoPaulo(agora);
  return { inicio: dataIni, fim: dataFim, pedido: '', notaFiscal: '', status: '', transportadora: null, cliente: null };
}

const refDaUrl = (q: URLSearchParams, campo: 'transportadora' | 'cliente'): RefRomaneio | null => {
  const id = Number(q.get(campo));
  return id > 0 ? { id, nome: q.get(`${campo}Nome`) ?? String(id) } : null;
};

/** Reads the list from the URL: absent parameters take the defaults (an empty date stays empty). */
export function lerDaUrl(q: URLSearchParams, agora = relogio.agora()): ListaRomaneio {
  const f = filtrosPadrao(agora);
  if (q.has('inicio')) f.inicio = q.get('inicio') ?? '';
  if (q.has('fim')) f.fim = q.get('fim') ?? '';
  f.pedido = q.get('pedido') ?? '';
  f.notaFiscal = q.get('notaFiscal') ?? '';
  const status = q.get('status') as StatusRomaneio | null;
  f.status = status && STATUS_ROMANEIO.includes(status) ? status : '';
  f.transportadora = refDaUrl(q, 'transportadora');
  f.cliente = refDaUrl(q, 'cliente');
  return { filtros: f, ...paginaDaUrl(q, TAMANHOS_PAGINA, ORDEM) };
}

/** The URL of a list: the dates always (so a cleared one stays cleared), the rest only when set. */
export function paraUrl(l: ListaRomaneio): string {
  const p = new URLSearchParams();
  const f = l.filtros;
  p.set('inicio', f.inicio);
  p.set('fim', f.fim);
  for (const campo of ['pedido', 'notaFiscal', 'status'] as const) if (f[campo].trim()) p.set(campo, f[campo].trim());
  for (const campo of ['transportadora', 'cliente'] as const) {
    const r = f[campo];
    if (r) {
      p.set(campo, String(r.id));
      p.set(`${campo}Nome`, r.nome);
    }
  }
  paginaParaUrl(p, l, TAMANHO_PAGINA_ROMANEIOS, ORDEM);
  return `/romaneios?${p.toString()}`;
}

/** GET /romaneios/listar-simples's query (romaneioListaQuerySchema): ids of the registers. */
export function paraConsulta(l: ListaRomaneio): RomaneioListaQueryEntrada {
  const f = l.filtros;
  const texto = (v: string) => v.trim() || undefined;
  return {
    inicio: f.inicio || undefined,
    fim: f.fim || undefined,
    pedido: texto(f.pedido),
    notaFiscal: texto(f.notaFiscal),
    status: f.status || undefined,
    transportadora: f.transportadora?.id,
    cliente: f.cliente?.id,
    page: l.page,
    size: l.size,
  };
}
