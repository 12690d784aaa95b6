import { json } from '../harness';
import type { Amostras, ContextoAmostras } from './tipos';

/** A form with one file in `campo` (and the extra fields). */
function formulario(campo: string, nome: string, conteudo: string, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append(campo, new Blob([conteudo]), nome);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}

/** /api/recebimento (issue 30): the intake's runs, the upload, "Ler agora" and the admin's settings. */
export const amostrasRecebimento = (ctx: ContextoAmostras): Amostras => {
  let execucao: number | undefined;
  const umaExecucao = async () => {
    execucao ??= (await json<{ id: number }>(await ctx.harness().request('POST', '/api/recebimento/enviar', { token: await ctx.harness().adminToken(), body: formulario('arquivos', 'nada.txt', 'nada') }))).id;
    return execucao;
  };
  return {
    'GET /api/recebimento': async () => ({ path: '/api/recebimento' }),
    'GET /api/recebimento/execucoes': async () => ({ path: '/api/recebimento/execucoes' }),
    'GET /api/recebimento/execucoes/:id': async () => ({ path: `/api/recebimento/execucoes/${await umaExecucao()}` }),
    'GET /api/recebimento/execucoes/:id/itens': async () => ({ path: `/api/recebimento/execucoes/${await umaExecucao()}/itens` }),
    'POST /api/recebimento/enviar': async () => ({ path: '/api/recebimento/enviar', body: formulario('arquivos', 'nada.txt', 'nada') }),
    // No mailbox in the tests' app: the allowed user reaches "não configurada".
    'POST /api/recebimento/:fonte/ler': async () => ({ path: '/api/recebimento/CAIXA_POSTAL/ler', status: 409 }),
    'GET /api/recebimento/caixa-postal': async () => ({ path: '/api/recebimento/caixa-postal' }),
    'PUT /api/recebimento/caixa-postal': async () => {
      const { versao } = await ctx.obter('/api/recebimento/caixa-postal');
      return { path: '/api/recebimento/caixa-postal', body: { ativa: false, host: 'imap.exemplo.com.br', porta: 143, tls: false, usuario: 'fretes', pasta: 'INBOX', intervaloMinutos: 5, versao } };
    },
    'GET /api/recebimento/sefaz': async () => ({ path: '/api/recebimento/sefaz' }),
    'PUT /api/recebimento/sefaz': async () => {
      const { versao } = await ctx.obter('/api/recebimento/sefaz');
      return { path: '/api/recebimento/sefaz', body: { ativa: false, cnpj: '12345678000195', uf: 'SP', ambiente: 'HOMOLOGACAO', versao } };
    },
    // The permission harness has no CHAVE_SEGREDOS: past the guard, the allowed user reaches that refusal.
    'POST /api/recebimento/sefaz/certificado': async () => ({ path: '/api/recebimento/sefaz/certificado', body: formulario('arquivo', 'a1.pfx', 'x', { senha: 'x' }), status: 409 }),
  };
};
