import type { LayoutOcoren } from '../../../contracts/ocoren';
import type { Campo } from '../doccob/layout-doccob';

// The OCOREN records (positions 1-based start/length). Sources (facts only, no code): the PROCEDA OCOREN 3.1
// layout as transcribed by Enviabybus/node-edi-proceda (schemas 000/340/341/342/343 and its copy of the manual)
// and hfoletto/edi-proceda (Ocorrencia: 342 positions, the occurrence and observation code tables); ACBr's
// ACBrEDIOcorrencia unit (frones/ACBr) for 3.1 and 5.0 (540/541/542/543/544/545/549, 250 characters).
// 3.1: 000 header; 340 document id 4/14; 341 carrier CNPJ 4/14 + razão social 18/40; 342 one occurrence: NF
// issuer CNPJ 4/14, série 18/3, número 21/8, code 29/2, date DDMMAAAA 31/8, time HHMM 39/4, observation code
// 43/2, free text 45/70; 343 redespacho: contracting CNPJ 4/14, filial 18/10, série 28/5, CT número 33/12.
// 3.1 has no trailer. 5.0: 540 4/14; 541 CNPJ 4/14 + razão social 18/50; 542: CNPJ 4/14, série 18/3, número
// 21/9, code 30/3, date 33/8, time 41/4, observation 45/2, romaneio 47/20, 3 SAP numbers, the CT-e: filial
// 127/10, série 137/5, número 142/12, delivery type 154/1, arrival/unloading/leaving dates and times 165-212,
// returned NF CNPJ 213/14, série 227/3, número 230/9; 543 three reasons of 70 (4, 74, 144); 544 items (not
// kept); 545 redespacho: contracting CNPJ 4/14, issuer CNPJ 18/14, filial 32/10, série 42/5, número 47/12;
// 549 trailer: quantidade 4/4. No source shows a CT-e key in any OCOREN record.

const a = (nome: string, inicio: number, tamanho: number): Campo => ({ nome, inicio, tamanho, tipo: 'A' });
const n = (nome: string, inicio: number, tamanho: number): Campo => ({ nome, inicio, tamanho, tipo: 'N', casas: 0 });
const d = (nome: string, inicio: number): Campo => ({ nome, inicio, tamanho: 8, tipo: 'D' });

export type RegistroOcoren = 'intercambio' | 'documento' | 'transportadora' | 'ocorrencia' | 'complemento' | 'itens' | 'redespacho' | 'total';

export const IDS: Record<LayoutOcoren, Record<string, RegistroOcoren>> = {
  '3.1': { '000': 'intercambio', '340': 'documento', '341': 'transportadora', '342': 'ocorrencia', '343': 'redespacho' },
  '5.0': { '000': 'intercambio', '540': 'documento', '541': 'transportadora', '542': 'ocorrencia', '543': 'complemento', '544': 'itens', '545': 'redespacho', '549': 'total' },
};

export const TAMANHO_REGISTRO: Record<LayoutOcoren, number> = { '3.1': 120, '5.0': 250 };

/** Hour and minute (HHMM) of a 342/542, checked apart (the D type is a date only). */
export const HORA: Record<LayoutOcoren, number> = { '3.1': 39, '5.0': 41 };

const INTERCAMBIO = [a('remetente', 4, 35), a('destinatario', 39, 35), a('data', 74, 6), a('hora', 80, 4), a('idIntercambio', 84, 12)];

export const CAMPOS: Record<LayoutOcoren, Partial<Record<RegistroOcoren, Campo[]>>> = {
  '3.1': {
    intercambio: INTERCAMBIO,
    documento: [a('documento', 4, 14)],
    transportadora: [a('cnpj', 4, 14), a('razaoSocial', 18, 40)],
    ocorrencia: [n('cnpjEmissorNf', 4, 14), a('serieNf', 18, 3), n('numeroNf', 21, 8), n('codigo', 29, 2), d('data', 31), a('hora', 39, 4), a('codigoObservacao', 43, 2), a('observacao', 45, 70)],
    redespacho: [n('cnpjContratante', 4, 14), a('filial', 18, 10), a('serie', 28, 5), a('numero', 33, 12)],
  },
  '5.0': {
    intercambio: INTERCAMBIO,
    documento: [a('documento', 4, 14)],
    transportadora: [a('cnpj', 4, 14), a('razaoSocial', 18, 50)],
    ocorrencia: [
      n('cnpjEmissorNf', 4, 14),
      a('serieNf', 18, 3),
      n('numeroNf', 21, 9),
      n('codigo', 30, 3),
      d('data', 33),
      a('hora', 41, 4),
      a('codigoObservacao', 45, 2),
      a('filial', 127, 10),
      a('serie', 137, 5),
      a('numero', 142, 12),
    ],
    complemento: [a('motivo1', 4, 70), a('motivo2', 74, 70), a('motivo3', 144, 70)],
    redespacho: [n('cnpjContratante', 4, 14), n('cnpjEmissor', 18, 14), a('filial', 32, 10), a('serie', 42, 5), a('numero', 47, 12)],
    total: [n('quantidade', 4, 4)],
  },
};
