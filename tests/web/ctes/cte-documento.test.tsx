import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CteLido, ParteCte } from '../../../src/contracts/cte-documento';
import type { CteCompleto, CteLinha } from '../../../src/contracts/ctes';
import { cteCompleto, cteLinha, fakeCtesServer, identificacao } from '../helpers/fake-ctes-server';
import { usuario } from '../helpers/fixtures';
import { dialogoPronto } from '../helpers/focar';
import { renderApp } from '../helpers/render-app';

// docs/decisoes.md §9: the detail dialog shows what the CT-e document says, formatted the Brazilian way and with
// labels instead of codes (the document's codes are labelled in src/domain/cte/rotulos-cte.ts).

const parte = (nome: string, over: Partial<ParteCte> = {}): ParteCte => ({
  cnpj: '06539526000392',
  cpf: null,
  inscricaoEstadual: '9057800426',
  nome,
  nomeFantasia: null,
  telefone: '4535221216',
  endereco: { logradouro: 'RUA CARLOS LUZ', numero: '33', complemento: null, bairro: 'CENTRO', codigoMunicipio: 4108304, municipio: 'FOZ DO IGUACU', cep: '85863150', uf: 'PR', codigoPais: '1058', pais: 'BRASIL' },
  ...over,
});

function documento(l: CteLinha): CteLido {
  const pagador = parte('Cliente Pessoa Física', { cnpj: null, cpf: '01234567890', telefone: '11987654321', endereco: { ...parte('x').endereco!, cep: '13308200', municipio: 'ITU', uf: 'SP' } });
  return {
    chave: l.chave,
    versaoLayout: '4.00',
    ambiente: 'PRODUCAO',
    identificacao: identificacao(l, { cfop: '6352', tipoServico: 2, naturezaOperacao: 'PRESTACAO DE SERVICO DE TRANSPORTE', tomador: 'DESTINATARIO' }),
    emitente: parte('Expresso Andrade Ltda', { nomeFantasia: 'Andrade' }),
    remetente: parte('Colacril Ind. Ltda'),
    destinatario: pagador,
    expedidor: null,
    recebedor: null,
    tomador: pagador,
    carga: {
      valorTotal: '130333.31',
      produtoPredominante: 'Etiquetas',
      itens: [
        { unidade: '01', tipoMedida: 'PESO DECLARADO', quantidade: '15000.0000' },
        { unidade: '02', tipoMedida: 'PESO BASE DE CALCULO', quantidade: '15.3475' },
        { unidade: '00', tipoMedida: 'M3', quantidade: '42.5' },
        { unidade: '03', tipoMedida: 'VOLUMES', quantidade: '120' },
      ],
    },
    prestacao: { valorTotal: '18000.00', valorReceber: '16623.66', componentes: [{ nome: 'FRETE PESO', valor: '16623.66' }, { nome: 'PEDAGIO', valor: '1376.34' }] },
    icms: { grupo: 'ICMS20', cst: '20', simplesNacional: false, baseCalculo: '9000.00', aliquota: '12.00', valor: '1080.00', substituicao: null, reducaoBaseCalculo: '50.00', valorCredito: '54.00' },
    valorTotalTributos: '2160.00',
    observacaoFisco: 'Base reduzida conforme convênio ICMS 4/04',
    observacao: 'Entrega agendada com o cliente',
    rntrc: '00739357',
    notas: [{ chave: '35250111222333000181550010000012341000012345' }],
    protocolo: { numero: '135250000123456', status: 100, motivo: 'Autorizado o uso do CT-e', recebidoEm: '2025-03-10T10:05:00-03:00' },
    cancelado: false,
  };
}

const LINHA = cteLinha(1, { status: 'PROCESSADO', tipo: 'DESCONHECIDO', valorTotal: '16623.66', valorPrestacao: '18000.00', valorReceber: '16623.66' });

// The second note was stored without its number (the fallback reads it from the key).
const NOTAS = cteCompleto(LINHA).notas.map((n, i) => (i === 1 ? { ...n, numero: null } : n));

/** The Fretes screen with one CT-e, its detail dialog open (by default the document above). */
const abrir = async (linha = LINHA, completo: Partial<CteCompleto> = { documento: documento(LINHA), valorNotas: '130333.31', notas: NOTAS }) => {
  const servidor = fakeCtesServer({ linhas: [linha], completos: { [linha.id]: completo } });
  const { user } = renderApp({ usuario: usuario({ roles: ['FRETE_CTE_M'] }), rotas: servidor.rotas });
  await screen.findByText(String(linha.numero), {}, { timeout: 10_000 });
  await user.click(screen.getByRole('button', { name: `Visualizar frete ${linha.numero}` }));
  return { user, d: await dialogoPronto(`Frete ${linha.numero}`, 10_000) };
};

/** The value shown under a label of a read-only block (label over value in a <dl>). */
const valor = (raiz: HTMLElement, rotulo: string) => {
  const termos = within(raiz).getAllByText(rotulo, { selector: 'dt' });
  expect(termos, rotulo).toHaveLength(1);
  return termos[0].nextElementSibling?.textContent;
};
/** The values shown under these labels, as {label: value}. */
const valores = (raiz: HTMLElement, esperados: Record<string, string>) => Object.fromEntries(Object.keys(esperados).map((r) => [r, valor(raiz, r)]));
const mostra = (raiz: HTMLElement, esperados: Record<string, string>) => expect(valores(raiz, esperados)).toEqual(esperados);

describe('CT-e detail dialog: the document, formatted and labelled', () => {
  it('Dados Principais: labels for status and type, natOp, charged amount and vTPrest, weight origin, protocol and observation; notes with key, series and number', async () => {
    const { d } = await abrir();
    const aba = within(d).getByRole('tabpanel');
    mostra(aba, {
      Status: 'Processado, aguardando auditoria',
      Tipo: 'Desconhecido',
      'Tipo do serviço': 'Redespacho',
      Tomador: 'Destinatário',
      'Natureza da operação': 'PRESTACAO DE SERVICO DE TRANSPORTE',
      'Valor cobrado': 'R$ 16.623,66',
      'Valor da prestação': 'R$ 18.000,00',
      'Valor das notas': 'R$ 130.333,31',
      'Origem do peso bruto': 'notas fiscais',
      Ambiente: 'Produção',
      'Protocolo de autorização': '135250000123456',
      'Status do protocolo': '100',
      Motivo: 'Autorizado o uso do CT-e',
      'Protocolo recebido em': '10/03/2025 10:05',
      Observação: 'Entrega agendada com o cliente',
    });

    const notas = within(d).getByRole('table', { name: 'Notas fiscais' });
    expect(within(notas).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Nota fiscal',
      'Série',
      'Chave de acesso',
      'Pedido',
      'Peso líquido (kg)',
      'Peso bruto (kg)',
      'Valor',
      'Valor dos produtos',
      'Documentos',
    ]);
    const [primeira, segunda] = within(notas).getAllByRole('row').slice(1);
    expect(within(primeira).getAllByRole('cell').map((c) => c.textContent).slice(0, 8)).toEqual([
      '1234',
      '1',
      '35250111222333000181550010000012341000012345',
      'P-1',
      '900,000',
      '1.000,000',
      'R$ 5.000,00',
      'R$ 5.000,00',
    ]);
    // docs/decisoes.md §28: its documents (the NF's PDF; the order's notes and mirror), reached with Tab.
    expect(within(primeira).getByRole('button', { name: 'PDF das notas do pedido P-1 (ZIP)' })).toBeInTheDocument();
    expect(within(primeira).getByRole('button', { name: 'Espelho do pedido P-1' })).toBeInTheDocument();
    // The second note has no number stored: series and number still come from its key.
    const [numero, serie, chave] = within(segunda).getAllByRole('cell');
    expect(numero).toHaveTextContent(/^1235/);
    expect(serie.textContent).toBe('1');
    expect(chave.textContent).toBe('35250111222333000181550010000012351000012351');
  });

  it('the charged amount alone when it equals vTPrest', async () => {
    const { user, d } = await abrir(cteLinha(2, { valorTotal: '150.00' }), {});
    expect(valor(d, 'Valor cobrado')).toBe('R$ 150,00');
    expect(within(d).queryByText('Valor da prestação', { selector: 'dt' })).not.toBeInTheDocument();
    // A document read before those fields were read (docs/decisoes.md §9) has no natOp nor observations: a dash, never "undefined".
    expect(valor(d, 'Natureza da operação')).toBe('—');
    expect(d).not.toHaveTextContent('undefined');
    // The unit written as a name ("KG") reads like the code 01.
    await user.keyboard('{Alt>}3{/Alt}');
    const quantidades = within(d).getByRole('table', { name: 'Quantidades da carga' });
    expect(within(quantidades).getAllByRole('cell').map((c) => c.textContent)).toEqual(['PESO BRUTO', 'Quilograma (kg)', '1.000,000 kg']);
    expect(valor(d, 'Situação')).toBe('ICMS00 — Tributação normal');
    expect(d).not.toHaveTextContent('undefined');
  });

  it('Tomador/Transportadora (Alt+2): CNPJ, CPF, CEP and phone formatted, RNTRC, the payer named in Portuguese', async () => {
    const { user, d } = await abrir();
    await user.keyboard('{Alt>}2{/Alt}');
    expect(within(d).getByRole('tab', { name: 'Tomador/Transportadora' })).toHaveAttribute('aria-selected', 'true');
    const tomador = within(d).getByRole('region', { name: 'Tomador do serviço (Destinatário)' });
    mostra(tomador, {
      'CNPJ/CPF': '012.345.678-90',
      Telefone: '(11) 98765-4321',
      CEP: '13308-200',
      Município: 'ITU/SP',
    });
    const transportadora = within(d).getByRole('region', { name: 'Transportadora' });
    mostra(transportadora, {
      'CNPJ/CPF': '06.539.526/0003-92',
      Telefone: '(45) 3522-1216',
      CEP: '85863-150',
      RNTRC: '00739357',
      'Nome fantasia': 'Andrade',
    });
  });

  it('Carga/Prestação (by click): units by name, quantities and weights in pt-BR, the chosen weight, ICMS with its reduction, credit and total taxes', async () => {
    const { user, d } = await abrir();
    await user.click(within(d).getByRole('tab', { name: 'Carga/Prestação' }));
    const carga = within(d).getByRole('region', { name: 'Carga' });
    mostra(carga, {
      'Valor total da carga': 'R$ 130.333,31',
      'Peso informado no CT-e': '15.347,500 kg (PESO BASE DE CALCULO)',
    });
    const linhas = within(within(d).getByRole('table', { name: 'Quantidades da carga' })).getAllByRole('row').slice(1);
    expect(linhas.map((l) => within(l).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['PESO DECLARADO', 'Quilograma (kg)', '15.000,000 kg'],
      ['PESO BASE DE CALCULO', 'Tonelada (t)', '15,3475 t'],
      ['M3', 'Metro cúbico (m³)', '42,5 m³'],
      ['VOLUMES', 'Unidade (un)', '120 un'],
    ]);
    const prestacao = within(d).getByRole('region', { name: 'Prestação do serviço' });
    mostra(prestacao, {
      'Valor total da prestação': 'R$ 18.000,00',
      'Valor a receber': 'R$ 16.623,66',
    });
    const icms = within(d).getByRole('region', { name: 'ICMS e tributos' });
    mostra(icms, {
      Situação: 'ICMS20 — Tributação com redução da base de cálculo',
      'Base de cálculo': 'R$ 9.000,00',
      'Redução da base de cálculo': '50,00 %',
      Alíquota: '12,00 %',
      Valor: 'R$ 1.080,00',
      'Crédito outorgado ou presumido': 'R$ 54,00',
      'Valor aproximado dos tributos': 'R$ 2.160,00',
      'Informações ao fisco': 'Base reduzida conforme convênio ICMS 4/04',
    });
  });
});
