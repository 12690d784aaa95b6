import type { StatusCte } from '../../../contracts/cte-status';
import type { Empresa } from '../../../contracts/common';
import { cnpjComDv } from './chave-acesso';

// The demo's fixed numbers and texts: the counts tests assert, the company's plants and the wording drawn.

/** CT-es per status and company: deterministic, so tests assert them. */
export const CTES_DEMO: Record<Empresa, Record<StatusCte, number>> = {
  // 2,400 and 900: the start of a new data folder stays a few seconds longer, not tens (both companies
  // seed on one thread); the current month still holds about a thousand COLACRIL CT-es.
  COLACRIL: {
    LIDO: 260,
    PROCESSADO: 360,
    AUDITADO_SUCESSO: 860,
    AUDITADO_OBSERVACOES: 190,
    AUDITADO_FALHA: 240,
    AUDITADO_ERRO: 145,
    AUDITADO_REVISADO: 145,
    CANCELADO: 100,
    DESCONSIDERADO: 100,
  },
  RRE: {
    LIDO: 100,
    PROCESSADO: 140,
    AUDITADO_SUCESSO: 310,
    AUDITADO_OBSERVACOES: 70,
    AUDITADO_FALHA: 90,
    AUDITADO_ERRO: 55,
    AUDITADO_REVISADO: 55,
    CANCELADO: 40,
    DESCONSIDERADO: 40,
  },
};

/** Groups of PROCESSADO CT-es confirmed into cte_grupo (AGRUPADO), and clusters marked CANDIDATO. */
export const GRUPOS_DEMO = [3, 4] as const;
export const CANDIDATOS_DEMO = { grupos: 14, tamanho: 3 } as const;

/** The shipping company itself: its plants (IBGE code) and a fictitious but valid CNPJ per plant. */
export const EMPRESAS_DEMO: Record<Empresa, { nome: string; fantasia: string; ie: string; plantas: { codigo: number; cnpj: string; logradouro: string; cep: string }[]; produtos: string[] }> = {
  COLACRIL: {
    nome: 'Colacril Demonstração Indústria e Comércio de Adesivos Ltda',
    fantasia: 'COLACRIL',
    ie: '387112233114',
    plantas: [
      { codigo: 3523909, cnpj: cnpjComDv('104325670001'), logradouro: 'Rodovia Waldomiro Corrêa de Camargo', cep: '13308200' },
      { codigo: 3525904, cnpj: cnpjComDv('104325670002'), logradouro: 'Avenida Antônio Frederico Ozanan', cep: '13215010' },
    ],
    produtos: ['PAPEL AUTOADESIVO', 'ETIQUETAS ADESIVAS', 'FITAS ADESIVAS', 'FILME AUTOADESIVO'],
  },
  RRE: {
    nome: 'RRE Demonstração Embalagens Ltda',
    fantasia: 'RRE',
    ie: '244556677110',
    plantas: [{ codigo: 3509502, cnpj: cnpjComDv('287654320001'), logradouro: 'Rua Dr. Mário Natividade', cep: '13041010' }],
    produtos: ['EMBALAGENS PLASTICAS', 'SACOS PLASTICOS', 'FILME STRETCH'],
  },
};

export const MOTIVOS_CANCELAMENTO = [
  'Erro no valor do frete informado no CT-e',
  'Destinatário informado incorretamente',
  'Carga não embarcada',
  'CT-e emitido em duplicidade',
  'Alteração do tomador do serviço',
];
export const OBSERVACOES_REVISAO = [
  'Cobrança de reentrega acordada com a transportadora; aprovado o valor cobrado.',
  'Diferença negociada com o comercial da transportadora; aprovado pelo valor da tabela.',
  'Taxa de agendamento cobrada à parte conforme contrato; valor da transportadora aceito.',
  'Tabela em renegociação: aprovado pelo valor da auditoria até a nova vigência.',
  'Percurso fora da tabela; valor conferido com a cotação enviada por e-mail.',
];
export const COBRANCAS_ADICIONAIS = ['REENTREGA', 'DEVOLUCAO', 'TDE', 'AGENDAMENTO', 'PALETIZACAO', 'DESCARGA'];
export const VIAS = ['Rua das Indústrias', 'Avenida Brasil', 'Rua Sete de Setembro', 'Avenida Getúlio Vargas', 'Rua XV de Novembro', 'Rodovia BR-116', 'Rua Santos Dumont', 'Avenida das Palmeiras'];
export const BAIRROS = ['Centro', 'Distrito Industrial', 'Jardim América', 'Vila Nova', 'Boa Vista', 'Santa Cruz'];
