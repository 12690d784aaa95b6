import { escreverOcoren } from '../../../src/server/ingest/ocoren/escrever-ocoren';
import type { Amostras, ContextoAmostras } from './tipos';

/** /api/ocorrencias (issue 31): the OCOREN folder and upload, the list and a CT-e's timeline. */
export const amostrasOcorrencias = (ctx: ContextoAmostras): Amostras => {
  const ocoren = () =>
    escreverOcoren({
      documento: 'OCO31AMOSTRA',
      transportadora: { cnpj: '12345678000195', razaoSocial: 'Transportadora Amostra' },
      ocorrencias: [
        { cnpjEmissorNf: '11222333000181', serieNf: '1', numeroNf: '987654', codigo: '01', dataHora: '2026-03-05T14:30', codigoObservacao: null, observacao: null, conhecimento: null, redespacho: null },
      ],
    });
  /** A CT-e of the demo seed (any). */
  const algumCte = async () => (await ctx.primeira('/api/ctes/listar-simples?tomadorServico=TODOS&dataIni=2000-01-01&dataFim=2099-12-31&size=50'))?.id ?? 1;
  return {
    // The permission harness has no EDI_DIR: past the guard, the reading answers 409 in Portuguese.
    'GET /api/ocorrencias/ler-arquivos': async () => ({ path: '/api/ocorrencias/ler-arquivos', status: 409 }),
    'POST /api/ocorrencias/enviar': async () => {
      const form = new FormData();
      form.append('arquivos', new Blob([ocoren()]), 'ocoren.txt');
      return { path: '/api/ocorrencias/enviar', body: form };
    },
    'GET /api/ocorrencias': async () => ({ path: '/api/ocorrencias?page=0&size=50' }),
    // A CT-e's timeline, which a Faturas-only profile reads too (it opens the CT-e).
    'GET /api/ocorrencias/ctes/:id': async () => ({ path: `/api/ocorrencias/ctes/${await algumCte()}?page=0&size=50` }),
  };
};
