import { formatCnpj } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_CNPJ_EMPRESA_INVALIDO, configuracaoSchema, type Configuracao } from '../../src/contracts/configuracoes';
import type { Harness } from './harness';
import { json } from './harness';
import { arquivoDoZip } from './romaneio-documentos-dados';
import { CODIGOS_ROMANEIO, corpoRomaneio, prepararRomaneios, salvarOk, type RefsRomaneio } from './romaneios-frete-dados';

// The company's legal data on the settings ("Dados da empresa"): razão social, CNPJ and endereço are saved
// with the rest of the settings (same versao / 409 rule) and named by the transport contract printed after.

let h: Harness;
let token: string;
let r: RefsRomaneio;

beforeAll(async () => {
  ({ h, r } = await prepararRomaneios());
  token = await h.tokenCom([...CODIGOS_ROMANEIO, '____CLIE_M', '____CLIE_E']);
});
afterAll(() => h?.close());

const ler = async () => configuracaoSchema.parse(await json(await h.request('GET', '/api/configuracoes/completar', { token })));
const corpo = (c: Configuracao, mudancas: Record<string, unknown> = {}) => ({
  integrarFaturamento: c.integrarFaturamento,
  toleranciaValor: c.toleranciaValor,
  toleranciaPercentual: c.toleranciaPercentual,
  entradas: c.entradas.map(({ id }) => ({ id })),
  tomadores: c.tomadores.map(({ id }) => ({ id })),
  razaoSocial: c.razaoSocial,
  cnpj: c.cnpj,
  endereco: c.endereco,
  versao: c.versao,
  ...mudancas,
});
const salvar = (body: unknown) => h.request('POST', '/api/configuracoes', { token, body });
const textoDocx = (docx: Buffer) =>
  [...arquivoDoZip(docx, 'word/document.xml').toString('utf8').matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
    .map((m) => m[1].replaceAll('&amp;', '&'))
    .join(' ')
    .replace(/\s+/g, ' ');

const NOVA = { razaoSocial: 'Etiquetas Paraná Indústria Ltda', cnpj: '11.444.777/0001-61', endereco: 'Rua das Gráficas, 120, Curitiba/PR, CEP 81.000-000' };

describe('/configuracoes: the company data', () => {
  it('saves and reads razão social, CNPJ (formatted in, digits out) and endereço; the contract then names them', async () => {
    const c = await ler();
    const r1 = await salvar(corpo(c, NOVA));
    expect(r1.status).toBe(200);
    const salvo = configuracaoSchema.parse(await json(r1));
    expect(salvo).toMatchObject({ razaoSocial: NOVA.razaoSocial, cnpj: '11444777000161', endereco: NOVA.endereco, versao: c.versao + 1 });
    expect(await ler()).toEqual(salvo);

    const m = await salvarOk(h, token, corpoRomaneio(r));
    const resposta = await h.request('POST', `/api/romaneios/imprimir/contrato/${m.id}`, { token });
    expect(resposta.status).toBe(200);
    const contrato = textoDocx(Buffer.from(await resposta.arrayBuffer()));
    expect(contrato).toContain(`CONTRATANTE: ${NOVA.razaoSocial} (COLACRIL), CNPJ ${formatCnpj('11444777000161')}`);
    expect(contrato).toContain(NOVA.endereco);
  });

  it('keeps the company data when a save leaves them out, and clears one sent empty', async () => {
    const c = await ler();
    const { razaoSocial: _, cnpj: __, endereco: ___, ...semEmpresa } = corpo(c, { toleranciaValor: '0.30' });
    const mantido = configuracaoSchema.parse(await json(await salvar(semEmpresa)));
    expect(mantido).toMatchObject({ razaoSocial: c.razaoSocial, cnpj: c.cnpj, endereco: c.endereco, toleranciaValor: '0.30' });
    const limpo = configuracaoSchema.parse(await json(await salvar(corpo(mantido, { endereco: '  ' }))));
    expect(limpo).toMatchObject({ razaoSocial: c.razaoSocial, cnpj: c.cnpj, endereco: null });
  });

  it('refuses a bad CNPJ with 400 and its message, changing nothing', async () => {
    const c = await ler();
    const antes = await h.snapshot();
    for (const cnpj of ['11.444.777/0001-62', '1144477700016', 'abc', '00000000000000']) {
      const resposta = await salvar(corpo(c, { cnpj, razaoSocial: 'Outra Ltda' }));
      expect(resposta.status, cnpj).toBe(400);
      expect(await json(resposta)).toEqual({ mensagens: [MSG_CNPJ_EMPRESA_INVALIDO] });
    }
    expect(await h.snapshot()).toBe(antes);
    expect(await ler()).toEqual(c);
  });

  it('answers a stale versao with 409, the company data unchanged', async () => {
    const c = await ler();
    expect((await salvar(corpo(c, { endereco: 'Avenida Nova, 1' }))).status).toBe(200);
    const obsoleto = await salvar(corpo(c, { razaoSocial: 'Antiga Ltda' }));
    expect(obsoleto.status).toBe(409);
    expect(await json(obsoleto)).toEqual({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] });
    expect(await ler()).toMatchObject({ razaoSocial: c.razaoSocial, endereco: 'Avenida Nova, 1', versao: c.versao + 1 });
  });
});
