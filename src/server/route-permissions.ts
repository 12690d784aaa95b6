import { CODIGOS_DOCUMENTOS_ERP, CODIGOS_RELATORIOS } from '../contracts/relatorios';

// The one place that says who may call what. The guard (permission-guard.ts) looks every /api request
// up here by its matched route; a registered route missing from this table is refused at startup.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export type PermissionRule =
  | { kind: 'PUBLIC' }
  | { kind: 'AUTH' }
  | { kind: 'ADMIN' }
  | { kind: 'ROLES'; anyOf: readonly string[] }
  /** Every code is needed (the UF limits save: spec 01 §6 gates it by FRETE_LIMITE_UF_E and FRETE_MOTO_E). */
  | { kind: 'ALL_ROLES'; allOf: readonly string[] }
  /**
   * POST save: the body's id decides — create without id, edit with one; with `cancel`, a body with an id and
   * status 'CANCELADO' is a cancellation and needs one of those codes instead (the manifests, spec 03 §6).
   */
  | { kind: 'SAVE'; create: readonly string[]; edit: readonly string[]; cancel?: readonly string[] };

export interface RoutePermission {
  method: HttpMethod;
  path: string;
  rule: PermissionRule;
}

export const PUBLIC: PermissionRule = { kind: 'PUBLIC' };
export const AUTH: PermissionRule = { kind: 'AUTH' };
export const ADMIN: PermissionRule = { kind: 'ADMIN' };
export const anyOf = (...codes: string[]): PermissionRule => ({ kind: 'ROLES', anyOf: codes });
export const allOf = (...codes: string[]): PermissionRule => ({ kind: 'ALL_ROLES', allOf: codes });
export const save = (create: string[], edit: string[]): PermissionRule => ({ kind: 'SAVE', create, edit });
/** A save whose cancellation (id and status 'CANCELADO') needs only `cancel`. */
export const saveOuCancelar = (create: string[], edit: string[], cancel: string[]): PermissionRule => ({ kind: 'SAVE', create, edit, cancel });

// docs/decisoes.md §8: a lookup a screen needs is readable by whoever may open that screen (its menu code), never by
// opening a write. The user dialog (opened from the users menu) autocompletes profiles.
const LER_PERFIS = anyOf('____PERF_M', '____USER_M', '____USER_C', '____USER_E');

// Screens that pick a carrier (carrier autocomplete, lookups) read carriers too.
const LER_TRANSPORTADORAS = anyOf(
  'FRETE_TRANS_M',
  'FRETE_TRANS_E',
  'FRETE_TABFR_M',
  'FRETE_CTE_M',
  'FRETE_ROMA_M',
  'FRETE_FAT_M',
  'FRETE_MINU_M',
  'FRETE_IND_FRETE_PESO',
);
/** Who manages users: they read the register, and only they see other users' logins in the pickers. */
export const CODIGOS_USUARIOS = ['____USER_M', '____USER_C', '____USER_E', '____USER_D'];
const LER_USUARIOS = anyOf(...CODIGOS_USUARIOS);
// Vehicle types are picked by the vehicle dialog, the CT-e detail and grouping dialogs (FRETE_CTE_M), the
// freight table's vehicle types and the simulation (FRETE_TABFR_M or FRETE_CTE_M).
// The fatura modal (FRETE_FAT_M) opens the same CT-e detail dialog, whose main tab lists the vehicle types.
const LER_TIPOS_VEICULO = anyOf('FRETE_TVEIC_M', 'FRETE_VEIC_M', 'FRETE_VEIC_C', 'FRETE_VEIC_E', 'FRETE_CTE_M', 'FRETE_TABFR_M', 'FRETE_FAT_M');
// The freight table's origin and destination dialogs choose a UF.
const LER_UFS = anyOf('FRETE_LIMITE_UF_M', 'FRETE_LIMITE_UF_E', 'FRETE_TABFR_M');
const LER_VEICULOS = anyOf('FRETE_VEIC_M', 'FRETE_ROMA_M');
const LER_MOTORISTAS = anyOf('FRETE_MOTO_M', 'FRETE_ROMA_M');
const LER_CLIENTES = anyOf('____CLIE_M', '____CLIE_E');
// Spec 02 §6: the screen needs FRETE_TABFR_M; the CT-e audit reads tables and runs the calculation too
// (role checks on the simulation are "not shown": reading the tables is what it needs).
const LER_TABELAS_FRETE = anyOf('FRETE_TABFR_M', 'FRETE_CTE_M');
// docs/decisoes.md §16: the fatura modal's Fretes tab opens the CT-e detail dialog (the CT-e, its audit history and the
// calculation PDF): a Faturas-only profile reads those too, never their writes.
const LER_CTE = anyOf('FRETE_CTE_M', 'FRETE_FAT_M');
// "Ler Faturas" is a button of the Fretes screen and a command of /faturas; so is the upload.
const LER_ARQUIVOS_FATURA = anyOf('FRETE_CTE_M', 'FRETE_FAT_M');

export const ROUTE_PERMISSIONS: readonly RoutePermission[] = [
  { method: 'GET', path: '/api/ping', rule: PUBLIC },
  { method: 'POST', path: '/api/login', rule: PUBLIC },
  { method: 'GET', path: '/api/eu', rule: AUTH },
  { method: 'POST', path: '/api/usuarios/alterar-senha', rule: AUTH },
  { method: 'POST', path: '/api/usuarios/configuracoes', rule: AUTH },
  { method: 'GET', path: '/api/versoes/:id', rule: AUTH },
  { method: 'GET', path: '/api/perfis', rule: LER_PERFIS },
  { method: 'GET', path: '/api/perfis/:id', rule: LER_PERFIS },
  { method: 'POST', path: '/api/perfis', rule: save(['____PERF_C'], ['____PERF_E']) },
  { method: 'DELETE', path: '/api/perfis/:id', rule: anyOf('____PERF_D') },

  { method: 'GET', path: '/api/usuarios', rule: LER_USUARIOS },
  { method: 'GET', path: '/api/usuarios/listar-simples', rule: AUTH },
  { method: 'GET', path: '/api/usuarios/auto-completar', rule: AUTH },
  { method: 'GET', path: '/api/usuarios/empresas', rule: AUTH },
  { method: 'GET', path: '/api/usuarios/:id', rule: LER_USUARIOS },
  { method: 'POST', path: '/api/usuarios', rule: save(['____USER_C'], ['____USER_E']) },
  { method: 'DELETE', path: '/api/usuarios/:id', rule: anyOf('____USER_D') },

  { method: 'GET', path: '/api/transportadoras/atualizar', rule: ADMIN },
  { method: 'GET', path: '/api/transportadoras/listar-simples', rule: LER_TRANSPORTADORAS },
  { method: 'GET', path: '/api/transportadoras', rule: LER_TRANSPORTADORAS },
  { method: 'GET', path: '/api/transportadoras/findByCardCode/:code', rule: LER_TRANSPORTADORAS },
  { method: 'GET', path: '/api/transportadoras/completar-pk/:fornecedorId', rule: LER_TRANSPORTADORAS },
  { method: 'GET', path: '/api/transportadoras/:id', rule: LER_TRANSPORTADORAS },
  { method: 'POST', path: '/api/transportadoras', rule: anyOf('FRETE_TRANS_E') },

  { method: 'GET', path: '/api/clientes/atualizar', rule: ADMIN },
  // Many screens autocomplete customers (settings, minutas, freight tables): any logged user.
  { method: 'GET', path: '/api/clientes/listar-simples', rule: AUTH },
  { method: 'GET', path: '/api/clientes', rule: LER_CLIENTES },
  { method: 'GET', path: '/api/clientes/query', rule: LER_CLIENTES },
  { method: 'GET', path: '/api/clientes/findByCardCode/:code', rule: LER_CLIENTES },
  { method: 'GET', path: '/api/clientes/:id', rule: LER_CLIENTES },
  { method: 'POST', path: '/api/clientes', rule: anyOf('____CLIE_E') },
  { method: 'GET', path: '/api/vw-clientes/listar-simples', rule: AUTH },
  { method: 'GET', path: '/api/vw-clientes/listar-ficha-financeira', rule: AUTH },
  { method: 'GET', path: '/api/vw-clientes/query', rule: AUTH },
  { method: 'GET', path: '/api/vw-clientes/:key', rule: AUTH },

  { method: 'GET', path: '/api/configuracoes/completar', rule: anyOf('____CLIE_M') },
  { method: 'POST', path: '/api/configuracoes', rule: anyOf('____CLIE_E') },
  { method: 'POST', path: '/api/ctes/carregar-xml-tabela', rule: anyOf('____CLIE_E') },
  // Spec 03 §6: the freight screen's buttons need its route's code only; the detail dialog's Save and
  // Disregard need FRETE_CTE_E, and so does approval (it saves the CT-e with the reviewer's values); the
  // four admin-only buttons and the notes batch are for ADMIN.
  { method: 'GET', path: '/api/ctes/ler-arquivos', rule: anyOf('FRETE_CTE_M') },
  { method: 'GET', path: '/api/ctes/listar-simples', rule: anyOf('FRETE_CTE_M') },
  { method: 'GET', path: '/api/ctes', rule: anyOf('FRETE_CTE_M') },
  { method: 'GET', path: '/api/ctes/processar', rule: anyOf('FRETE_CTE_M') },
  { method: 'GET', path: '/api/ctes/processar-cte/:id', rule: anyOf('FRETE_CTE_M') },
  { method: 'GET', path: '/api/ctes/processar-integracao', rule: ADMIN },
  { method: 'GET', path: '/api/ctes/preencher-valor', rule: ADMIN },
  { method: 'GET', path: '/api/ctes/preencher-tipo', rule: ADMIN },
  { method: 'GET', path: '/api/ctes/ler-notas-fiscais', rule: ADMIN },
  { method: 'GET', path: '/api/ctes/criar-nf', rule: ADMIN },
  { method: 'POST', path: '/api/ctes/confirmar-agrupamento', rule: anyOf('FRETE_CTE_M') },
  { method: 'POST', path: '/api/ctes/desconsiderar', rule: anyOf('FRETE_CTE_E') },
  { method: 'GET', path: '/api/ctes/:id', rule: LER_CTE },
  { method: 'POST', path: '/api/ctes', rule: anyOf('FRETE_CTE_E') },
  { method: 'POST', path: '/api/auditorias-cte/auditar', rule: anyOf('FRETE_CTE_M') },
  { method: 'POST', path: '/api/auditorias-cte/trocar-tabela', rule: anyOf('FRETE_CTE_M') },
  { method: 'POST', path: '/api/auditorias-cte/aprovar', rule: anyOf('FRETE_CTE_E') },
  { method: 'GET', path: '/api/auditorias-cte', rule: anyOf('FRETE_CTE_M') },
  { method: 'GET', path: '/api/auditorias-cte/ctes/:ids', rule: LER_CTE },
  // Faturas (spec 03 §6 FRETE_FAT_M; docs/decisoes.md §16): the cancel is for ADMIN (spec §2.4 hides it; we give it
  // to the admin level, like the Fretes screen's admin batches).
  { method: 'GET', path: '/api/faturas/ler-arquivos', rule: LER_ARQUIVOS_FATURA },
  { method: 'POST', path: '/api/faturas/enviar', rule: LER_ARQUIVOS_FATURA },
  { method: 'GET', path: '/api/faturas', rule: anyOf('FRETE_FAT_M') },
  { method: 'GET', path: '/api/faturas/listar', rule: anyOf('FRETE_FAT_M') },
  { method: 'POST', path: '/api/faturas/cancelar', rule: ADMIN },
  { method: 'GET', path: '/api/faturas/:id', rule: anyOf('FRETE_FAT_M') },
  { method: 'GET', path: '/api/faturas/:id/ctes', rule: anyOf('FRETE_FAT_M') },
  // Minutas (spec 03 §6 FRETE_MINU_M; docs/decisoes.md §20). The three batches are "for login admin only" (§2.5); the
  // spec sends them under /public without a token, which would let anyone who reaches the server run a company's
  // batch: they need an ADMIN-level token here, and the client sends it.
  { method: 'GET', path: '/api/minutas', rule: anyOf('FRETE_MINU_M') },
  { method: 'GET', path: '/api/minutas/new', rule: anyOf('FRETE_MINU_M') },
  { method: 'GET', path: '/api/minutas/listar', rule: anyOf('FRETE_MINU_M') },
  { method: 'GET', path: '/api/minutas/:id', rule: anyOf('FRETE_MINU_M') },
  { method: 'POST', path: '/api/minutas', rule: anyOf('FRETE_MINU_M') },
  { method: 'DELETE', path: '/api/minutas', rule: anyOf('FRETE_MINU_M') },
  { method: 'POST', path: '/api/minutas/confirmar', rule: anyOf('FRETE_MINU_M') },
  { method: 'GET', path: '/api/public/txts/conhecimentos', rule: ADMIN },
  { method: 'GET', path: '/api/public/conhecimentos/minutas', rule: ADMIN },
  { method: 'GET', path: '/api/public/minutas/ctes', rule: ADMIN },
  // Orders and invoices of the ERP (spec 03 §7), read by the CT-e and manifest screens.
  { method: 'GET', path: '/api/vwpedidos/listarSimples', rule: anyOf('FRETE_CTE_M', 'FRETE_ROMA_M') },
  { method: 'GET', path: '/api/vwpedidos/detalhe/:json', rule: anyOf('FRETE_CTE_M', 'FRETE_ROMA_M') },
  { method: 'GET', path: '/api/vwpedidos/:json', rule: anyOf('FRETE_CTE_M', 'FRETE_ROMA_M') },
  { method: 'GET', path: '/api/vw-notas-fiscais/quantidade-nfs', rule: anyOf('FRETE_CTE_M', 'FRETE_ROMA_M') },
  // Report downloads (spec 03 §7, §8; docs/decisoes.md §28: the spec names no role). A note's PDF, an order's ZIP and
  // the order mirror: whoever reads the CT-e detail (LER_CTE: its notes grid shows the note and its order) or the
  // ERP order lookups above (FRETE_ROMA_M). The period reports of the palette (commercial and financial:
  // vendido × faturado, consolidado, inadimplência): the CT-e screen's, the freight indicators' and the
  // faturas' users — who follow freight against sales and billing; nobody gets them from a write code.
  { method: 'GET', path: '/api/vw-notas-fiscais/pdf', rule: anyOf(...CODIGOS_DOCUMENTOS_ERP) },
  { method: 'GET', path: '/api/vw-notas-fiscais/pdfs', rule: anyOf(...CODIGOS_DOCUMENTOS_ERP) },
  { method: 'GET', path: '/api/vwpedidos/espelhoPedido/:json', rule: anyOf(...CODIGOS_DOCUMENTOS_ERP) },
  { method: 'GET', path: '/api/acompanhamentos/vendidoXfaturado', rule: anyOf(...CODIGOS_RELATORIOS) },
  { method: 'GET', path: '/api/acompanhamentos/consolidado', rule: anyOf(...CODIGOS_RELATORIOS) },
  { method: 'GET', path: '/api/inadimplencias/impressao', rule: anyOf(...CODIGOS_RELATORIOS) },
  { method: 'GET', path: '/api/inadimplencias/csv', rule: anyOf(...CODIGOS_RELATORIOS) },

  // Romaneios, the freight-cost manifest (spec 03 §6; docs/decisoes.md §24): the menu code for every call, the ERP
  // lookups and the three documents ("printing needs no role check"); a save creates with FRETE_ROMA_C, edits (also
  // sending to billing and finalizing) with FRETE_ROMA_E, and cancels with the menu code alone.
  { method: 'GET', path: '/api/romaneios/new', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/romaneios/listar', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/romaneios/listar-simples', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/romaneios/cliente-pedido/:id', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/romaneios/nota-fiscal/:nf', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/romaneios/nota-fiscal-itens/:nf', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/romaneios/contains-nf/:nf', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/romaneios/despesas', rule: anyOf('FRETE_ROMA_M') },
  { method: 'POST', path: '/api/romaneios/imprimir/contrato/:id', rule: anyOf('FRETE_ROMA_M') },
  { method: 'POST', path: '/api/romaneios/imprimir/:id', rule: anyOf('FRETE_ROMA_M') },
  // docs/decisoes.md §28: the indicators' screen and its calls need its menu code (spec 03 §6 FRETE_IND_FRETE_PESO);
  // the Freight Indicators panel of /ctes (its two CSVs) works for whoever opens the Fretes screen too.
  { method: 'GET', path: '/api/vw/frete-indicadores-peso-valor', rule: anyOf('FRETE_IND_FRETE_PESO') },
  { method: 'GET', path: '/api/vw/frete-indicadores-resumo', rule: anyOf('FRETE_IND_FRETE_PESO') },
  { method: 'GET', path: '/api/vw/frete-indicadores-base', rule: anyOf('FRETE_CTE_M', 'FRETE_IND_FRETE_PESO') },
  { method: 'POST', path: '/api/indicadores/frete-base', rule: anyOf('FRETE_CTE_M', 'FRETE_IND_FRETE_PESO') },

  { method: 'POST', path: '/api/romaneios', rule: saveOuCancelar(['FRETE_ROMA_C'], ['FRETE_ROMA_E'], ['FRETE_ROMA_M']) },
  { method: 'GET', path: '/api/romaneios/:id', rule: anyOf('FRETE_ROMA_M') },
  // The service-order manifest (spec 03 §6; docs/decisoes.md §24): the same rules; its O.S. and invoice pickers and the
  // preencher-dados lookups are the dialog's, read with the menu code.
  { method: 'GET', path: '/api/romaneios-colacril/new', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/romaneios-colacril/listar-simples', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/romaneios-colacril/listar', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/romaneios-colacril/buscar-os/:x', rule: anyOf('FRETE_ROMA_M') },
  { method: 'POST', path: '/api/romaneios-colacril/imprimir/:id', rule: anyOf('FRETE_ROMA_M') },
  { method: 'POST', path: '/api/romaneios-colacril', rule: saveOuCancelar(['FRETE_ROMA_C'], ['FRETE_ROMA_E'], ['FRETE_ROMA_M']) },
  { method: 'GET', path: '/api/romaneios-colacril/:id', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/ordens-servico/ordens-servico-transportadora', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/ordens-servico/notas-fiscais-transportadora', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/ordens-servico/preencher-dados-fiscais-os/:os', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/ordens-servico/preencher-dados-fiscais-nf/:nf', rule: anyOf('FRETE_ROMA_M') },
  { method: 'GET', path: '/api/ordens-servico/preencher-dados-peso-volume/:os', rule: anyOf('FRETE_ROMA_M') },

  { method: 'GET', path: '/api/tipos-veiculo', rule: LER_TIPOS_VEICULO },
  { method: 'GET', path: '/api/tipos-veiculo/:id', rule: LER_TIPOS_VEICULO },
  { method: 'POST', path: '/api/tipos-veiculo', rule: save(['FRETE_TVEIC_C'], ['FRETE_TVEIC_E']) },
  { method: 'DELETE', path: '/api/tipos-veiculo/:id', rule: anyOf('FRETE_TVEIC_D') },
  { method: 'GET', path: '/api/veiculos', rule: LER_VEICULOS },
  { method: 'GET', path: '/api/veiculos/:id', rule: LER_VEICULOS },
  { method: 'POST', path: '/api/veiculos', rule: save(['FRETE_VEIC_C'], ['FRETE_VEIC_E']) },
  { method: 'DELETE', path: '/api/veiculos/:id', rule: anyOf('FRETE_VEIC_D') },
  { method: 'GET', path: '/api/motoristas', rule: LER_MOTORISTAS },
  { method: 'GET', path: '/api/motoristas/:id', rule: LER_MOTORISTAS },
  { method: 'POST', path: '/api/motoristas', rule: save(['FRETE_MOTO_C'], ['FRETE_MOTO_E']) },
  { method: 'DELETE', path: '/api/motoristas/:id', rule: anyOf('FRETE_MOTO_D') },

  { method: 'GET', path: '/api/ufs', rule: LER_UFS },
  { method: 'POST', path: '/api/ufs', rule: allOf('FRETE_LIMITE_UF_E', 'FRETE_MOTO_E') },
  { method: 'GET', path: '/api/municipios', rule: AUTH },
  { method: 'GET', path: '/api/municipios/findByNomeOrCodigo', rule: AUTH },

  { method: 'GET', path: '/api/tabelas-frete', rule: LER_TABELAS_FRETE },
  { method: 'GET', path: '/api/tabelas-frete/dtos', rule: LER_TABELAS_FRETE },
  { method: 'GET', path: '/api/tabelas-frete/cte', rule: LER_TABELAS_FRETE },
  { method: 'POST', path: '/api/tabelas-frete/calcular', rule: LER_TABELAS_FRETE },
  { method: 'POST', path: '/api/tabelas-frete/imprimir', rule: LER_TABELAS_FRETE },
  { method: 'GET', path: '/api/tabelas-frete/imprimir/cte/:id', rule: LER_CTE },
  { method: 'GET', path: '/api/tabelas-frete/:id', rule: LER_TABELAS_FRETE },
  { method: 'POST', path: '/api/tabelas-frete', rule: save(['FRETE_TABFR_C'], ['FRETE_TABFR_E']) },
  // The palette's record search (docs/decisoes.md §31): any logged user; the server answers only the kinds whose screens they open.
  { method: 'GET', path: '/api/busca', rule: AUTH },
  { method: 'DELETE', path: '/api/tabelas-frete/:id', rule: anyOf('FRETE_TABFR_D') },
];

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
