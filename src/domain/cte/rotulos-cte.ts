import type { StatusCte } from '../../contracts/cte-status';

// Portuguese labels for the CT-e's codes, shared by the detail dialog (web) and the calculation PDF (server),
// so a code reads the same everywhere.

export const ROTULO_STATUS_CTE: Record<StatusCte, string> = {
  LIDO: 'Lido',
  PROCESSADO: 'Processado, aguardando auditoria',
  AUDITADO_SUCESSO: 'Auditado com sucesso',
  AUDITADO_OBSERVACOES: 'Auditado com observações',
  AUDITADO_FALHA: 'Auditado com falha',
  AUDITADO_ERRO: 'Erro na auditoria',
  AUDITADO_REVISADO: 'Auditoria revisada (aprovado)',
  CANCELADO: 'Cancelado',
  DESCONSIDERADO: 'Desconsiderado',
};

/** ENTRADA/SAIDA/DESCONHECIDO, decided by processing. */
export const ROTULO_TIPO_ES: Record<string, string> = { ENTRADA: 'Entrada', SAIDA: 'Saída', DESCONHECIDO: 'Desconhecido' };

export const ROTULO_TOMADOR: Record<string, string> = {
  REMETENTE: 'Remetente',
  EXPEDIDOR: 'Expedidor',
  RECEBEDOR: 'Recebedor',
  DESTINATARIO: 'Destinatário',
  OUTROS: 'Outros',
};

/** tpCTe. */
export const TIPO_CTE = ['Normal', 'Complemento', 'Anulação', 'Substituto'];
/** tpServ. */
export const TIPO_SERVICO = ['Normal', 'Subcontratação', 'Redespacho', 'Redespacho intermediário', 'Multimodal'];

/** cUnid of infQ (CT-e manual: 00 M3, 01 KG, 02 TON, 03 UNIDADE, 04 LITROS, 05 MMBTU); the names some issuers write too. */
const UNIDADES: [codigo: string, nome: string, rotulo: string, simbolo: string][] = [
  ['00', 'M3', 'Metro cúbico (m³)', 'm³'],
  ['01', 'KG', 'Quilograma (kg)', 'kg'],
  ['02', 'TON', 'Tonelada (t)', 't'],
  ['03', 'UN', 'Unidade (un)', 'un'],
  ['04', 'LITROS', 'Litro (L)', 'L'],
  ['05', 'MMBTU', 'Milhão de BTU (MMBTU)', 'MMBTU'],
];
const unidade = (u: string) => {
  const t = u.trim().toUpperCase();
  return UNIDADES.find(([codigo, nome]) => t === codigo || t === nome || (nome === 'UN' && t === 'UNIDADE') || (nome === 'LITROS' && t === 'L'));
};
/** "01" or "KG" → "Quilograma (kg)"; an unknown code as written. */
export const rotuloUnidade = (u: string): string => unidade(u)?.[2] ?? u;
/** "01" → "kg", for a quantity followed by its unit ("15.347,500 kg"); an unknown code as written. */
export const simboloUnidade = (u: string): string => unidade(u)?.[3] ?? u;

/** The ICMS groups of the CT-e (imp/ICMS), each with a short description. */
const DESCRICAO_GRUPO_ICMS: Record<string, string> = {
  ICMS00: 'Tributação normal',
  ICMS20: 'Tributação com redução da base de cálculo',
  ICMS45: 'Isento, não tributado ou diferido',
  ICMS60: 'Cobrado anteriormente por substituição tributária',
  ICMS90: 'Outras situações',
  ICMSOutraUF: 'Devido à UF de origem, quando diferente da UF do emitente',
  ICMSSN: 'Simples Nacional',
};
export const rotuloGrupoIcms = (grupo: string): string => (DESCRICAO_GRUPO_ICMS[grupo] ? `${grupo} — ${DESCRICAO_GRUPO_ICMS[grupo]}` : grupo);

