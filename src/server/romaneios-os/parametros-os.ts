import { z } from 'zod';
import { INTEIRO_MAXIMO } from '../../contracts/common';

// The path and query values of /romaneios-colacril and /ordens-servico that the contracts do not define
// (docs/decisoes.md §24): each refused in Portuguese with 400, never reaching the database out of its column's range.

/** GET /romaneios-colacril/listar?numero= (the palette): a prefix of the número, digits only. */
export const romaneioOsBuscaQuerySchema = z.object({
  numero: z.string({ error: 'Nº do romaneio: apenas dígitos (até 9).' }).trim().regex(/^\d{1,9}$/, 'Nº do romaneio: apenas dígitos (até 9).'),
});

const MSG_OS_INVALIDA = 'O.S.: informe o número da ordem de serviço (apenas dígitos).';
const numeroOs = z.coerce.number({ error: MSG_OS_INVALIDA }).int(MSG_OS_INVALIDA).positive(MSG_OS_INVALIDA).max(INTEIRO_MAXIMO, 'O.S.: número grande demais.');

/** /romaneios-colacril/buscar-os/{x}. */
export const buscarOsParamSchema = z.object({ x: numeroOs });
/** /ordens-servico/preencher-dados-fiscais-os/{os} and /preencher-dados-peso-volume/{os}. */
export const osParamSchema = z.object({ os: numeroOs });

const MSG_NF_INVALIDA = 'Nota fiscal: informe o identificador da nota (até 30 letras, dígitos, pontos ou hífens).';
/** /ordens-servico/preencher-dados-fiscais-nf/{nf}: the ERP's notaFiscalId. */
export const notaFiscalParamSchema = z.object({ nf: z.string({ error: MSG_NF_INVALIDA }).trim().regex(/^[\w.-]{1,30}$/, MSG_NF_INVALIDA) });
