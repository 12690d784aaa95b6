import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FaturaDoccob, LayoutDoccob } from '../../src/contracts/doccob';
import { MSG_DOCCOB_NAO_E, MSG_DOCCOB_SEM_FATURA, MSG_DOCCOB_SEM_TRAILER } from '../../src/contracts/doccob';
import { escreverDoccob } from '../../src/server/ingest/doccob/escrever-doccob';
import { decodificarEdi, lerDoccob } from '../../src/server/ingest/doccob/ler-doccob';

const AMOSTRA = readFileSync(join(__dirname, '../fixtures/proceda/DOCCOB-3.0A-sample.txt'));

const faturas = (texto: string | Uint8Array) => {
  const r = lerDoccob(texto);
  if (!r.ok) throw new Error(r.motivo);
  return r.faturas;
};
const motivo = (texto: string) => {
  const r = lerDoccob(texto);
  if (r.ok) throw new Error('lido, mas devia ser recusado');
  return r.motivo;
};

describe('DOCCOB reader on the real 3.0A sample', () => {
  it('reads the fatura, its carrier, its CT-e with the key at 96/44 and its note, exactly', () => {
    const [f] = faturas(AMOSTRA);
    expect(f).toMatchObject({
      layout: '3.0A',
      documento: 'COBRA240611070',
      idIntercambio: 'COB240611070',
      dataIntercambio: '2021-06-24T11:07',
      transportadora: { cnpj: '12260426000325', razaoSocial: 'Steel Log Com. e Log. Transportadora LTD' },
      filial: '0000000209',
      numero: '232366',
      dataEmissao: '2021-06-16',
      dataVencimento: '2021-07-01',
      valor: '22813.04',
      tipoCobranca: 'BCO',
      valorIcms: '2737.57',
      valorJurosDia: '0.00',
      dataLimiteDesconto: null,
      valorDesconto: '0.00',
      agenteCobranca: 'Banco Itau Steel',
      // Agency and account all zeros: none given.
      agencia: null,
      digitoAgencia: null,
      conta: null,
      digitoConta: null,
      acao: 'I',
      total: null,
    });
    expect(f.ctes).toEqual([
      {
        linha: 5,
        filial: '0000000210',
        serie: '4',
        numero: '48488',
        valorFrete: '2752.98',
        dataEmissao: '2021-06-09',
        cnpjRemetente: '17433866000199',
        cnpjDestinatario: '49795800001883',
        cnpjEmissor: '12260426000830',
        chave: '33210612260426000830570040000484881903918263',
        notas: [{ serie: '1', numero: '22419', dataEmissao: '2021-06-09', peso: '30500.00', valor: '289750.00', cnpjEmissor: '17433866000199' }],
      },
    ]);
  });

  it('keeps what it tolerated as warnings: the 214-character 353, the missing trailer, CT-es that do not add up', () => {
    const [f] = faturas(AMOSTRA);
    expect(f.avisos).toEqual([
      'Linha 5: registro 353 com 214 caracteres (esperados 170); chave do CT-e lida na posição 96.',
      MSG_DOCCOB_SEM_TRAILER,
      'A soma dos CT-es (R$ 2.752,98) difere do valor da fatura 232366 (R$ 22.813,04).',
    ]);
  });

  it('reads the same under CRLF, Latin-1 and without a final newline', () => {
    const texto = AMOSTRA.toString('latin1');
    const esperado = faturas(texto);
    expect(faturas(texto.replace(/\n/g, '\r\n'))).toEqual(esperado);
    expect(faturas(texto.trimEnd())).toEqual(esperado);
    expect(faturas(Buffer.from(texto, 'latin1'))).toEqual(esperado);
    expect(decodificarEdi(Buffer.from('Razão', 'latin1'))).toBe('Razão');
    expect(decodificarEdi(Buffer.from('Razão', 'utf8'))).toBe('Razão');
  });
});

const linhasDaAmostra = () => AMOSTRA.toString('latin1').split('\n').filter(Boolean);
const com = (i: number, troca: (l: string) => string) => linhasDaAmostra().map((l, j) => (j === i ? troca(l) : l)).join('\n');

describe('DOCCOB reader refuses what cannot be read, naming the line and the field', () => {
  it.each([
    ['a decimal point in an implied-decimals value', com(3, (l) => `${l.slice(0, 43)}0000000022813.04${l.slice(59)}`), /^Linha 4, registro 352, campo valor \(posição 44\): valor com 2 casas decimais implícitas deve ter só dígitos/],
    ['a comma in a CT-e value', com(4, (l) => `${l.slice(0, 30)}0000000002752,98${l.slice(46)}`), /^Linha 5, registro 353, campo valorFrete \(posição 31\)/],
    ['a 352 split over two lines', com(3, (l) => `${l.slice(0, 40)}\n${l.slice(40)}`), /^Linha 4, registro 352: registro incompleto \(40 caracteres\), termina antes do campo valor \(posição 44\)/],
    ['an unknown record id', com(5, (l) => `357${l.slice(3)}`), /^Linha 6: registro "357" desconhecido no DOCCOB 3\.0A\./],
    ['a second 000', `${linhasDaAmostra().join('\n')}\n${linhasDaAmostra()[0]}`, /^Linha 7: um segundo cabeçalho de intercâmbio \(000\)/],
    ['a control character (NUL) inside a record', com(2, (l) => `${l.slice(0, 20)}\u0000${l.slice(21)}`), /^Linha 3, posição 21: caractere de controle \(código 0\); o arquivo não é um DOCCOB em texto\.$/],
    ['an impossible date', com(3, (l) => `${l.slice(0, 27)}31022021${l.slice(35)}`), /^Linha 4, registro 352, campo dataEmissao \(posição 28\): data inválida/],
  ])('%s', (_, texto, esperado) => {
    expect(motivo(texto)).toMatch(esperado);
  });

  it('a file that is not a DOCCOB, and one without faturas', () => {
    expect(motivo('<?xml version="1.0"?><cteProc/>')).toBe(MSG_DOCCOB_NAO_E);
    expect(motivo(linhasDaAmostra().slice(0, 3).join('\n'))).toBe(MSG_DOCCOB_SEM_FATURA);
  });
});

const digitos = (n: number) => fc.stringMatching(new RegExp(`^[1-9]\\d{${n - 1}}$`));
const valor = fc.integer({ min: 1, max: 99_999_999_99 }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`);
const data = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const texto = (max: number) => fc.stringMatching(new RegExp(`^[A-Z][A-Z0-9 ]{0,${max - 2}}[A-Z0-9]$`));
const opcional = <T,>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const dataHora = fc.tuple(data, fc.option(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })), { nil: null })).map(([d, h]) =>
  h ? `${d}T${String(h[0]).padStart(2, '0')}:${String(h[1]).padStart(2, '0')}` : d,
);
/** The charge fields of a 352/552: agency and account come together (all blank is "none"). */
const cobranca = fc.record({
  valorIcms: opcional(valor),
  valorJurosDia: opcional(valor),
  dataLimiteDesconto: opcional(data),
  valorDesconto: opcional(valor),
  agenteCobranca: opcional(texto(30)),
  banco: opcional(fc.record({ agencia: digitos(4), digitoAgencia: fc.constantFrom('0', '7', 'X'), conta: digitos(8), digitoConta: opcional(fc.constantFrom('1', '0X', '12')) })),
}).map(({ banco, ...resto }) => ({ ...resto, agencia: banco?.agencia ?? null, digitoAgencia: banco?.digitoAgencia ?? null, conta: banco?.conta ?? null, digitoConta: banco?.digitoConta ?? null }));

const nota = fc.record({ serie: fc.constantFrom('1', '2', '10'), numero: digitos(6), dataEmissao: data, peso: valor.filter((v) => v.length <= 8), valor, cnpjEmissor: digitos(14) });
const cte = (layout: LayoutDoccob) =>
  fc.record({
    filial: digitos(10),
    serie: fc.constantFrom('1', '4', '12'),
    numero: digitos(7),
    valorFrete: valor,
    dataEmissao: data,
    cnpjRemetente: digitos(14),
    cnpjDestinatario: digitos(14),
    cnpjEmissor: digitos(14),
    chave: layout === '3.0A' ? fc.option(digitos(44), { nil: null }) : fc.constant(null),
    notas: fc.array(nota, { maxLength: 3 }),
  });

const reais = (centavos: bigint) => {
  const t = centavos.toString().padStart(3, '0');
  return `${t.slice(0, -2)}.${t.slice(-2)}`;
};

/** Random valid faturas of one carrier (as the writer and the reader agree on them). */
const arquivo = (layout: LayoutDoccob) =>
  fc
    .record({
      transportadora: fc.record({ cnpj: digitos(14), razaoSocial: texto(40) }),
      documento: texto(14),
      dataIntercambio: opcional(dataHora),
      faturas: fc.array(
        fc.record({ numero: digitos(8), dataEmissao: data, dataVencimento: opcional(data), tipoCobranca: fc.constantFrom('BCO', 'CAR'), cobranca, acao: fc.constantFrom('I', 'E'), ctes: fc.array(cte(layout), { maxLength: 4 }) }),
        { minLength: 1, maxLength: 3 },
      ),
    })
    .map(({ transportadora, documento, dataIntercambio, faturas: fs }): FaturaDoccob[] => {
      const lidas = fs.map(({ cobranca: c, ...f }) => ({
        layout,
        remetente: 'TRANSPORTADORA',
        destinatario: 'EMBARCADOR',
        idIntercambio: 'COB000000001',
        dataIntercambio,
        documento,
        transportadora,
        filial: '0000000001',
        tipo: '0',
        serie: '',
        valor: f.ctes.length ? reais(f.ctes.reduce((s, c) => s + BigInt(c.valorFrete.replace('.', '')), 0n)) : '100.00',
        ...f,
        ...c,
        acao: f.acao as 'I' | 'E',
        ctes: f.ctes.map((c, i) => ({ ...c, linha: 0 * i })),
        total: null as FaturaDoccob['total'],
        avisos: [],
      }));
      // The trailer the writer makes: the count and the sum of the 352/552s, on every fatura of the file.
      const total = { quantidade: lidas.length, valorTotal: reais(lidas.reduce((s, f) => s + BigInt(f.valor.replace('.', '')), 0n)) };
      return lidas.map((f) => ({ ...f, total }));
    });

/** What the reader adds on its own: line numbers. */
const semLinhas = (fs: FaturaDoccob[]) => fs.map((f) => ({ ...f, ctes: f.ctes.map((c) => ({ ...c, linha: 0 })) }));

describe('DOCCOB writer → reader round trip', () => {
  it.each(['3.0A', '5.0'] as const)('%s: write → read gives back the same faturas (property)', (layout) => {
    fc.assert(
      fc.property(arquivo(layout), (fs) => {
        const lidas = faturas(escreverDoccob(fs, layout));
        expect(semLinhas(lidas)).toEqual(semLinhas(fs));
      }),
      { numRuns: 150 },
    );
  });

  it('5.0 records are 280 characters and use the 55x ids', () => {
    const [fs] = fc.sample(arquivo('5.0'), { numRuns: 1, seed: 7 });
    const texto = escreverDoccob(fs, '5.0');
    const linhas = texto.split('\r\n').filter(Boolean);
    expect(linhas.every((l) => l.length === 280)).toBe(true);
    expect(linhas.map((l) => l.slice(0, 3))).toContain('552');
    expect(linhas.at(-1)!.slice(0, 3)).toBe('559');
  });

  it('5.0 carries the ICMS in a 553 after its 552; the interchange date and time sit at 74 and 80', () => {
    const [fs] = fc.sample(arquivo('5.0'), { numRuns: 1, seed: 11 });
    const f = { ...fs[0], valorIcms: '123.45', dataIntercambio: '2024-02-29T23:59' };
    const linhas = escreverDoccob([f], '5.0').split('\r\n');
    expect(linhas[0].slice(73, 83)).toBe('2902242359');
    expect(linhas[4].slice(0, 18)).toBe('553000000000012345');
    expect(faturas(escreverDoccob([f], '5.0'))[0]).toMatchObject({ valorIcms: '123.45', dataIntercambio: '2024-02-29T23:59' });
  });

  it('an interchange date that is not one is a warning, never a refusal; a blank time keeps the date alone', () => {
    const linhas = linhasDaAmostra();
    const com000 = (dataHora: string) => [`${linhas[0].slice(0, 73)}${dataHora}${linhas[0].slice(83)}`, ...linhas.slice(1)].join('\n');
    const [invalida] = faturas(com000('3102211107'));
    expect(invalida.dataIntercambio).toBeNull();
    expect(invalida.avisos[0]).toBe('Linha 1: data do intercâmbio inválida ("310221", esperado DDMMAA): ignorada.');
    expect(faturas(com000('240621    '))[0].dataIntercambio).toBe('2021-06-24');
    expect(faturas(com000('          '))[0]).toMatchObject({ dataIntercambio: null, avisos: [expect.stringMatching(/^Linha 5/), MSG_DOCCOB_SEM_TRAILER, expect.any(String)] });
  });
});
