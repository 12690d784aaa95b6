import { TIPOS_BUSCA_DEF, type HitBusca, type TipoBusca } from '../../contracts/busca';

// What the palette does with a record the server found (GET /busca answers the labels): the group's title
// and where picking the hit goes — the screen, which opens the record's dialog from ?editar= or ?ver=.

export interface EntityHit extends HitBusca {
  /** Where picking it goes. */
  destino: string;
}

export interface EntitySearchProvider {
  id: TipoBusca;
  titulo: string;
  destino: (id: number) => string;
}

/** The screen's record dialog (?ver={id}), keeping the screen's filters when it is already open. */
function destinoVer(tela: string, id: number): string {
  const aqui = new URL(window.location.href);
  if (aqui.pathname !== tela) return `${tela}?ver=${id}`;
  aqui.searchParams.set('ver', String(id));
  return `${tela}?${aqui.searchParams.toString()}`;
}

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

const DESTINOS: Record<TipoBusca, (id: number) => string> = {
  // The CT-e's detail dialog on the Fretes screen, the fatura's and the minuta's modals on theirs.
  ctes: (id) => destinoVer('/ctes', id),
  faturas: (id) => destinoVer('/faturas', id),
  minutas: (id) => destinoVer('/minutas', id),
  // Manifests: the freight-cost ones on the first tab of /romaneios, the service-order ones on ?aba=os.
  romaneios: (id) => destinoVerNaAba('/romaneios', null, id),
  'romaneios-os': (id) => destinoVerNaAba('/romaneios', 'os', id),
  perfis: (id) => `/perfis?editar=${id}`,
  transportadoras: (id) => `/transportadora?editar=${id}`,
  motoristas: (id) => `/motoristas?editar=${id}`,
  veiculos: (id) => `/veiculos?editar=${id}`,
  'tabelas-frete': (id) => `/tabelas-frete?editar=${id}`,
  usuarios: (id) => `/usuarios?editar=${id}`,
};

/** The palette's record kinds, by GET /busca's `tipo`. */
export const ENTITY_SEARCH_PROVIDERS: Readonly<Record<TipoBusca, EntitySearchProvider>> = Object.fromEntries(
  (Object.keys(DESTINOS) as TipoBusca[]).map((id) => [id, { id, titulo: TIPOS_BUSCA_DEF[id].titulo, destino: DESTINOS[id] }]),
) as Record<TipoBusca, EntitySearchProvider>;
