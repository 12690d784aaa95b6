import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import type { Configuracao } from '../../src/contracts/configuracoes';
import { MSG_PFX_AUSENTE } from '../../src/contracts/recebimento';
import { json, rota } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';
import { caixaPostal, fakeRecebimentoServer, sefaz } from './recebimento-fake-server';

// Configuração › Recebimento (ADMIN, issue 30): the mailbox form (password never shown, read only when the
// environment sets it), the SEFAZ form, the certificate upload, the validation messages and a stale save's 409.

const configuracao = (): Configuracao => ({
  enderecoEntrada: null,
  enderecoSaida: null,
  enderecoErro: null,
  dataEmissaoCte: null,
  integrarFaturamento: false,
  entradas: [],
  tomadores: [],
  toleranciaValor: '0.10',
  toleranciaPercentual: '0',
  versao: 7,
  razaoSocial: 'Colacril Indústria Ltda',
  cnpj: '11222333000181',
  endereco: 'Rua A, 1, Curitiba/PR',
});

const abrir = async (opcoes: Parameters<typeof fakeRecebimentoServer>[0] = {}) => {
  const r = renderApp({
    caminho: '/configuracoes',
    usuario: usuario({ nivel: 'ADMIN', roles: ['____CLIE_M', '____CLIE_E'] }),
    rotas: [rota('GET', '/api/configuracoes/completar', () => json(configuracao())), ...fakeRecebimentoServer(opcoes).rotas],
  });
  await screen.findByLabelText('Tolerância da auditoria (R$)', {}, { timeout: 10_000 });
  await r.user.keyboard('{Alt>}5{/Alt}');
  await waitFor(() => expect(screen.getByRole('tab', { name: 'Recebimento' })).toHaveAttribute('aria-selected', 'true'));
  return r;
};
const caixa = () => screen.getByRole('region', { name: 'Caixa postal' });
const secaoSefaz = () => screen.getByRole('region', { name: 'SEFAZ' });
const puts = (chamadas: { method: string; url: string; body: unknown }[], url: string) => chamadas.filter((c) => c.method === 'PUT' && c.url === url);

describe('Configuração › Recebimento (ADMIN)', () => {
  it('mailbox: the password is never shown; the messages of every bad field; Ctrl+S saves what changed, without the password', async () => {
    const { user, chamadas } = await abrir();
    const servidor = await within(await screen.findByRole('region', { name: 'Caixa postal' })).findByRole('textbox', { name: 'Servidor' });
    const senha = within(caixa()).getByLabelText('Senha');
    expect(senha).toHaveValue('');
    expect(senha).toHaveAttribute('placeholder', 'senha guardada');
    expect(screen.getByText('Senha guardada: em branco, continua a mesma.')).toBeInTheDocument();
    await user.clear(servidor);
    const porta = within(caixa()).getByRole('textbox', { name: 'Porta' });
    await user.clear(porta);
    await user.type(porta, '70000');
    await user.clear(within(caixa()).getByRole('textbox', { name: 'Intervalo (minutos)' }));
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toEqual(['Informe o servidor.', 'A porta vai de 1 a 65535.', 'Informe o intervalo.']);
    expect(puts(chamadas, '/api/recebimento/caixa-postal')).toHaveLength(0);
    await user.keyboard('{Enter}');

    await focar(servidor);
    await user.type(servidor, 'imap.novo.com.br');
    await user.clear(porta);
    await user.type(porta, '143');
    await user.type(within(caixa()).getByRole('textbox', { name: 'Intervalo (minutos)' }), '10');
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText('Caixa postal salva.')).toBeInTheDocument();
    const [put] = puts(chamadas, '/api/recebimento/caixa-postal');
    expect(put.body).toEqual({
      ativa: true,
      host: 'imap.novo.com.br',
      porta: 143,
      tls: true,
      usuario: 'fretes@colacril.com.br',
      pasta: 'INBOX',
      intervaloMinutos: 10,
      versao: 3,
    });
    // Only the form that changed was saved.
    expect(puts(chamadas, '/api/recebimento/sefaz')).toHaveLength(0);
  });

  it('mailbox set by IMAP_URL_<EMPRESA>: read only, with the note', async () => {
    await abrir({
      caixa: caixaPostal({ origem: 'AMBIENTE', senhaDefinida: false }),
    });
    const regiao = await screen.findByRole('region', { name: 'Caixa postal' });
    expect(within(regiao).getByText(/Definida no servidor pela variável IMAP_URL_COLACRIL/)).toBeInTheDocument();
    expect(within(regiao).getByRole('textbox', { name: 'Servidor' })).toBeDisabled();
    expect(within(regiao).queryByRole('button', { name: /Salvar caixa postal/ })).not.toBeInTheDocument();
  });

  it('SEFAZ: a bad CNPJ and UF refused; a stale version shows the usual message (409)', async () => {
    const { user, chamadas } = await abrir({ conflito: true });
    const regiao = await screen.findByRole('region', { name: 'SEFAZ' });
    expect(within(regiao).getByText('nenhum enviado')).toBeInTheDocument();
    const cnpj = within(regiao).getByRole('textbox', { name: 'CNPJ' });
    await user.clear(cnpj);
    await user.type(cnpj, '1122');
    await user.clear(within(regiao).getByRole('textbox', { name: 'UF' }));
    await user.click(within(regiao).getByRole('button', { name: /Salvar SEFAZ/ }));
    expect(await readMessages()).toEqual(['O CNPJ tem 14 dígitos.', 'Informe a UF com duas letras.']);
    await user.keyboard('{Enter}');
    await user.clear(cnpj);
    await user.type(cnpj, '11222333000181');
    await user.type(within(regiao).getByRole('textbox', { name: 'UF' }), 'pr');
    await user.selectOptions(within(regiao).getByLabelText('Ambiente'), 'PRODUCAO');
    await user.click(within(regiao).getByRole('button', { name: /Salvar SEFAZ/ }));
    expect(await readMessages()).toEqual([MENSAGEM_VERSAO_OBSOLETA]);
    expect(puts(chamadas, '/api/recebimento/sefaz')[0].body).toEqual({
      ativa: false,
      cnpj: '11222333000181',
      uf: 'PR',
      ambiente: 'PRODUCAO',
      versao: 1,
    });
  });

  it('certificate: refused without a file; sent as arquivo + senha, the holder and validity shown, never the file', async () => {
    const { user, chamadas } = await abrir({ sefazConfig: sefaz() });
    const regiao = await screen.findByRole('region', { name: 'SEFAZ' });
    await focar(within(regiao).getByRole('textbox', { name: 'UF' }));
    await user.keyboard('{Alt>}c{/Alt}');
    expect(await readMessages()).toEqual([MSG_PFX_AUSENTE]);
    await user.keyboard('{Enter}');
    await user.upload(
      within(regiao).getByLabelText('Certificado A1 (.pfx ou .p12)'),
      new File([new Uint8Array([48, 130, 1])], 'colacril.pfx', {
        type: 'application/x-pkcs12',
      }),
    );
    await user.type(within(regiao).getByLabelText('Senha do certificado'), 'segredo');
    await user.keyboard('{Alt>}c{/Alt}');
    expect(await screen.findByText('Certificado de COLACRIL INDUSTRIA LTDA:11222333000181 guardado, válido até 31/05/2027.')).toBeInTheDocument();
    const corpo = chamadas.find((c) => c.url === '/api/recebimento/sefaz/certificado')?.body as FormData;
    expect((corpo.get('arquivo') as File).name).toBe('colacril.pfx');
    expect(corpo.get('senha')).toBe('segredo');
    expect(await within(secaoSefaz()).findByText('COLACRIL INDUSTRIA LTDA:11222333000181')).toBeInTheDocument();
    expect(within(secaoSefaz()).getByText('31/05/2027')).toBeInTheDocument();
  });
});
