// Freight calculation benchmark: one request against 20 carriers' tables of 200 routes each.
// Prints figures only; never asserts on time. Alone:
//   npx tsx -e "import('./bench/tabelas-frete.ts').then(async m => console.log((await m.benchTabelasFrete()).join('\n')))"
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Municipio } from '../src/contracts/municipios';
import type { z } from 'zod';
import type { TabelaFrete, tabelaFreteCadastroSchema } from '../src/contracts/tabela-frete-modelo';
import type { PedidoCalculoEntrada } from '../src/contracts/calculo-frete';
import { calcularFrete, type EntradaCalculo } from '../src/domain/frete/calcular-frete';
import { startServer } from '../src/server/start-server';
import { stats, time } from './measure';

const TRANSPORTADORAS = 20;
const PERCURSOS = 200;
const PEDIDOS_HTTP = 200;
const PEDIDOS_MOTOR = 2000;

type TabelaCorpo = Omit<Partial<z.input<typeof tabelaFreteCadastroSchema>>, 'percursos'> & { percursos: unknown[] };

/**
 * A large table: route i leaves from the i-th municipality of SP (score 2) to every other UF and to five
 * municipalities of RJ (score 2 beats the UF), with frete peso by five bands, ad valorem, GRIS, pedágio per
 * 100 kg fraction and despacho; an incidence per route for one customer.
 */
function tabelaGrande(transportadora: number, origens: Municipio[], destinosRj: Municipio[], ufs: { id: number; sigla: string }[], cliente: number, fator: number): TabelaCorpo {
  const preco = (v: number) => (v * fator).toFixed(5);
  const outrasUfs = ufs.filter((u) => u.sigla !== 'RJ' && u.sigla !== 'EX');
  return {
    transportadora: { id: transportadora },
    inicio: '2026-01-01',
    fim: null,
    elementosCusto: [
      { descricao: 'Despacho', modalidade: 'FIXO', valorMinimo: (30 * fator).toFixed(2) },
      { descricao: 'Ad valorem', modalidade: 'CALCULADO_VALOR_INTEGRAL', faixas: [{ valor: preco(0.3), faixaLimite: '9999999' }] },
      { descricao: 'GRIS', modalidade: 'CALCULADO_VALOR_INTEGRAL', valorMinimo: '4.50', faixas: [{ valor: '0.2', faixaLimite: '9999999' }] },
      { descricao: 'Pedágio', modalidade: 'CALCULADO_KG_INTEGRAL', arredondamento: 'PARA_CIMA', valorArredondamento: '100', faixas: [{ valor: preco(0.069), faixaLimite: '9999999' }] },
    ],
    percursos: origens.slice(0, PERCURSOS).map((o, i) => ({
      descricao: `Percurso ${String(i + 1).padStart(3, '0')} ${o.nome}`,
      valorMinimo: '80.00',
      origens: [{ municipio: { id: o.id } }],
      destinos: [
        ...destinosRj.map((d) => ({ municipio: { id: d.id }, incidencias: [{ clientes: [{ id: cliente }], elementosCusto: [{ descricao: 'TDE', modalidade: 'FIXO', valorMinimo: '90.00' }] }] })),
        ...outrasUfs.map((u) => ({ uf: { id: u.id } })),
      ],
      elementosCusto: [
        {
          descricao: 'Frete peso',
          modalidade: 'CALCULADO_KG',
          valorMinimo: '45.00',
          faixas: [
            { valor: preco(0.95), faixaLimite: '100' },
            { valor: preco(0.78), faixaLimite: '500' },
            { valor: preco(0.65), faixaLimite: '1000' },
            { valor: preco(0.52), faixaLimite: '5000' },
            { valor: preco(0.44), faixaLimite: '9999999' },
          ],
        },
      ],
    })),
  };
}

export async function benchTabelasFrete(): Promise<string[]> {
  const figures: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'frete-bench-tabelas-'));
  try {
    const servidor = await startServer({ port: 0, dataDir, adminPassword: process.env.ADMIN_PASSWORD, demo: true, log: () => {} });
    try {
      const url = servidor.url;
      const login = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Empresa': 'COLACRIL' },
        body: JSON.stringify({ login: 'admin', senha: process.env.ADMIN_PASSWORD ?? 'admin' }),
      });
      if (!login.ok) throw new Error(`login falhou: ${login.status}`);
      const headers = { authorization: login.headers.get('authorization')!, 'content-type': 'application/json' };
      const chamar = async <T>(metodo: string, caminho: string, corpo?: unknown): Promise<T> => {
        const r = await fetch(`${url}/api${caminho}`, { method: metodo, headers, body: corpo === undefined ? undefined : JSON.stringify(corpo) });
        if (!r.ok) throw new Error(`${metodo} ${caminho}: ${r.status} ${(await r.text()).slice(0, 500)}`);
        return (await r.json()) as T;
      };
      const q = encodeURIComponent;
      const sp = (await chamar<{ content: Municipio[] }>('GET', `/municipios?search=${q('siglaUf==SP')}&size=300&sort=codigo`)).content;
      const rj = (await chamar<{ content: Municipio[] }>('GET', `/municipios?search=${q('siglaUf==RJ')}&size=5&sort=codigo`)).content;
      const ufs = (await chamar<{ content: { id: number; sigla: string }[] }>('GET', '/ufs?size=100')).content;
      const transportadoras = (await chamar<{ content: { id: number }[] }>('GET', `/transportadoras/listar-simples?size=${TRANSPORTADORAS + 10}&sort=fornecedorId`)).content;
      const [cliente] = (await chamar<{ content: { id: number; vwCliente: { cpfCnpjFormatado: string } }[] }>('GET', '/clientes/listar-simples?size=1')).content;

      // The demo tables would take part in "every carrier": remove them so exactly 20 big tables compete.
      for (const t of (await chamar<{ content: { id: number }[] }>('GET', '/tabelas-frete?size=300')).content) await chamar('DELETE', `/tabelas-frete/${t.id}`);
      const [salvarMs] = await time(async () => {
        for (let i = 0; i < TRANSPORTADORAS; i++)
          await chamar('POST', '/tabelas-frete', tabelaGrande(transportadoras[i].id, sp, rj, ufs, cliente.id, 0.9 + (i % 7) * 0.04));
      });
      figures.push(`POST /api/tabelas-frete: ${TRANSPORTADORAS} tabelas de ${PERCURSOS} percursos (${6 + ufs.length - 2} destinos cada) em ${salvarMs.toFixed(0)} ms (${(salvarMs / TRANSPORTADORAS).toFixed(0)} ms por tabela)`);

      const origem = sp[PERCURSOS - 1];
      const pedido: PedidoCalculoEntrada = {
        dataDespacho: '2026-11-23',
        cliente: cliente.vwCliente.cpfCnpjFormatado,
        valor: '18750.40',
        peso: '1234.5',
        codigoOrigem: origem.codigo,
        codigoDestino: rj[2].codigo,
        tipoVeiculo: 0,
        icms: '0.12',
      };
      const primeiro = await chamar<{ status: string }[]>('POST', '/tabelas-frete/calcular', pedido);
      const sucesso = primeiro.filter((r) => r.status === 'SUCESSO').length;
      const tempos: number[] = [];
      for (let i = 0; i < PEDIDOS_HTTP; i++) tempos.push((await time(() => chamar('POST', '/tabelas-frete/calcular', pedido)))[0]);
      const totalMs = tempos.reduce((a, b) => a + b, 0);
      figures.push(
        `POST /api/tabelas-frete/calcular contra ${TRANSPORTADORAS} transportadoras × ${PERCURSOS} percursos (${sucesso} resultados SUCESSO): ${stats(tempos)}; ` +
          `${((PEDIDOS_HTTP * 1000) / totalMs).toFixed(1)} pedidos/s = ${((PEDIDOS_HTTP * TRANSPORTADORAS * 1000) / totalMs).toFixed(0)} cálculos/s (um cliente por vez)`,
      );

      // The engine alone, on the same tables as the server stored them.
      const ids = (await chamar<{ content: { id: number }[] }>('GET', '/tabelas-frete?size=300')).content.map((t) => t.id);
      const tabelas = await Promise.all(ids.map((id) => chamar<TabelaFrete>('GET', `/tabelas-frete/${id}`)));
      const [origemGeo, destinoGeo] = await Promise.all([origem, rj[2]].map((m) => chamar<Municipio[]>('GET', `/municipios/findByNomeOrCodigo?municipio=${m.codigo}`).then((l) => l[0])));
      const ufId = (sigla: string) => ufs.find((u) => u.sigla === sigla)!.id;
      const entrada: EntradaCalculo = {
        dataDespacho: '2026-11-23',
        clienteIds: [cliente.id],
        valor: '18750.40',
        peso: '1234.5',
        origem: { ...origemGeo, ufId: ufId('SP'), latitude: null, longitude: null },
        destino: { ...destinoGeo, ufId: ufId('RJ'), latitude: null, longitude: null },
        tipoVeiculo: null,
        icms: '0.12',
        distancia: null,
        entregas: 1,
      };
      const porTransportadora = tabelas.map((t) => ({ transportadora: t.transportadora!, tabelas: [t] }));
      const rodada = () => porTransportadora.map((p) => calcularFrete(p.transportadora, p.tabelas, entrada));
      rodada();
      const inicio = performance.now();
      for (let i = 0; i < PEDIDOS_MOTOR; i++) rodada();
      const motorMs = performance.now() - inicio;
      figures.push(
        `motor de cálculo (src/domain/frete) em processo, ${TRANSPORTADORAS} tabelas × ${PERCURSOS} percursos: ${((PEDIDOS_MOTOR * 1000) / motorMs).toFixed(0)} pedidos/s = ` +
          `${((PEDIDOS_MOTOR * TRANSPORTADORAS * 1000) / motorMs).toFixed(0)} cálculos/s (${((motorMs / PEDIDOS_MOTOR) * 1000).toFixed(0)} µs por pedido)`,
      );
    } finally {
      await servidor.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
