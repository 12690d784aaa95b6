import type { StatusRomaneio } from '../../../../contracts/romaneio-status';
import { STATUS_ROMANEIO } from '../../../../contracts/romaneio-status';
import { TAMANHO_PAGINA_ROMANEIOS, type MunicipioRomaneio, type RefRomaneio } from '../../../../contracts/romaneios';
import type { RomaneioListaQueryEntrada } from '../../../../contracts/romaneios-salvar';
import { mesSaoPaulo } from '../../../../domain/sao-paulo-date';
import type { DataTableSort } from '../../../ui/data-table';
import { paginaDaUrl, paginaParaUrl, type ListaNaUrl } from '../../../ui/list-url';
import { TAMANHOS_PAGINA } from '../romaneio-filtros';
import type { ClienteFiltro } from './romaneio-os-lookups';
import { relogio } from '../../../../domain/relogio';

/** The service-order manifest list's filters (spec 03 §2.7) as the form holds them: '' means empty. */
export interface FiltrosRomaneioOs {
  /** YYYY-MM-DD or '' (cleared on purpose). */
  inicio: string;
  fim: string;
  numero: string;
  pedido: string;
  notaFiscal: string;
  status: StatusRomaneio | '';
  origem: MunicipioRomaneio | null;
  destino: MunicipioRomaneio | null;
  transportadora: RefRomaneio | null;
  cliente: ClienteFiltro | null;
}

export type ListaRomaneioOs = ListaNaUrl<FiltrosRomaneioOs>;

/** Spec 03 §9: 50 a page, no other size. */
/** The server orders the list (newest first); the URL keeps no sort. */
const ORDEM: DataTableSort = { field: 'dataEmissao', direction: 'desc' };

/** The parameters this list owns in the URL; others (the screen's tab) are kept as they are. */
export const PARAMETROS = [
  'inicio',
  'fim',
  'numero',
  'pedido',
  'notaFiscal',
  'status',
  'origem',
  'origemNome',
  'destino',
  'destinoNome',
  'transportadora',
  'transportadoraNome',
  'cliente',
  'clienteNome',
  'page',
  'size',
  'sort',
] as const;

/** Spec 03 §9: the current month (São Paulo), start to end. */
export function filtrosPadrao(agora = relogio.agora()): FiltrosRomaneioOs {
  const { dataIni, dataFim } = mesSaoPaulo(agora);
  return { inicio: dataIni, fim: dataFim, numero: '', pedido: '', notaFiscal: '', status: '', origem: null, destino: null, transportadora: null, cliente: null };
}

/** A municipality kept in the URL as id and "Nome/UF". */
function municipioDaUrl(q: URLSearchParams, campo: 'origem' | 'destino'): MunicipioRomaneio | null {
  const id = Number(q.get(campo));
  if (!(id > 0)) return null;
  const [nome, siglaUf = ''] = (q.get(`${campo}Nome`) ?? String(id)).split('/');
  return { id, codigo: 0, nome, siglaUf };
}

/** Reads the list from the URL: absent parameters take the defaults (an empty date stays empty). */
export function lerDaUrl(q: URLSearchParams, agora = relogio.agora()): ListaRomaneioOs {
  const f = filtrosPadrao(agora);
  if (q.has('inicio')) f.inicio = q.get('inicio') ?? '';
  if (q.has('fim')) f.fim = q.get('fim') ?? '';
  for (const campo of ['numero', 'pedido', 'notaFiscal'] as const) f[campo] = q.get(campo) ?? '';
  const status = q.get('status') as StatusRomaneio | null;
  f.status = status && STATUS_ROMANEIO.includes(status) ? status : '';
  f.origem = municipioDaUrl(q, 'origem');
  f.destino = municipioDaUrl(q, 'destino');
  const transportadora = Number(q.get('transportadora'));
  f.transportadora = transportadora > 0 ? { id: transportadora, nome: q.get('transportadoraNome') ?? String(transportadora) } : null;
  const cliente = Number(q.get('cliente'));
  f.cliente = cliente > 0 ? { id: cliente, razaoSocial: q.get('clienteNome') ?? String(cliente), clienteId: '' } : null;
  return { filtros: f, ...paginaDaUrl(q, TAMANHOS_PAGINA, ORDEM) };
}

/** The URL of a list: the other parameters of `outros` (the screen's tab), the dates always, the rest when set. */
export function paraUrl(l: ListaRomaneioOs, outros: URLSearchParams): string {
  const p = new URLSearchParams(outros);
  const f = l.filtros;
  p.set('inicio', f.inicio);
  p.set('fim', f.fim);
  for (const campo of ['numero', 'pedido', 'notaFiscal', 'status'] as const) if (f[campo].trim()) p.set(campo, f[campo].trim());
  for (const campo of ['origem', 'destino'] as const) {
    const m = f[campo];
    if (m) {
      p.set(campo, String(m.id));
      p.set(`${campo}Nome`, m.siglaUf ? `${m.nome}/${m.siglaUf}` : m.nome);
    }
  }
  if (f.transportadora) {
    p.set('transportadora', String(f.transportadora.id));
    p.set('transportadoraNome', f.transportadora.nome);
  }
  if (f.cliente) {
    p.set('cliente', String(f.cliente.id));
    p.set('clienteNome', f.cliente.razaoSocial);
  }
  paginaParaUrl(p, l, TAMANHO_PAGINA_ROMANEIOS, ORDEM);
  return `/romaneios?${p.toString()}`;
}

/** The URL's parameters that are not this list's (and not `ver`). */
export function outrosParametros(q: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams(q);
  for (const campo of [...PARAMETROS, 'ver']) p.delete(campo);
  return p;
}

/** GET /romaneios-colacril/listar-simples's query (romaneioListaQuerySchema): ids of the registers. */
export function paraConsulta(l: ListaRomaneioOs): RomaneioListaQueryEntrada {
  const f = l.filtros;
  const texto = (v: string) => v.trim() || undefined;
  return {
    inicio: f.inicio || undefined,
    fim: f.fim || undefined,
    numero: texto(f.numero),
    pedido: texto(f.pedido),
    notaFiscal: texto(f.notaFiscal),
    status: f.status || undefined,
    origem: f.origem?.id,
    destino: f.destino?.id,
    transportadora: f.transportadora?.id,
    cliente: f.cliente?.id,
    page: l.page,
    size: l.size,
  };
}
