import type { Amostras, ContextoAmostras } from './tipos';

/** A quotation (POST /tabelas-frete/calcular): São Paulo → Rio de Janeiro, 100 kg worth R$ 1.000, any vehicle type. */
export const pedidoCalculo = (dataDespacho: string, transportadora: number | null) => ({
  dataDespacho,
  transportadora,
  cliente: '11.222.333/0001-81',
  valor: '1000',
  peso: '100',
  codigoOrigem: 3550308,
  codigoDestino: 3304557,
  tipoVeiculo: 0,
});

/** UFs, municipalities and freight tables (the CT-e calculation PDF is in auditorias-cte.ts). */
export function amostrasTabelasFrete(ctx: ContextoAmostras): Amostras {
  const transportadora = async () => (await ctx.primeira('/api/transportadoras/listar-simples?size=1')).id;
  /** A valid freight table body: the first carrier, São Paulo → RJ, one fixed element. */
  const corpoTabela = async () => ({
    transportadora: { id: await transportadora() },
    inicio: '2015-01-01',
    fim: '2015-12-31',
    percursos: [
      {
        descricao: `Percurso ${ctx.unico()}`,
        origens: [{ municipio: { id: (await ctx.primeira('/api/municipios?search=codigo==3550308')).id } }],
        destinos: [{ uf: { id: (await ctx.primeira('/api/ufs?search=sigla==RJ')).id } }],
        elementosCusto: [{ descricao: 'Despacho', modalidade: 'FIXO', valorMinimo: '30' }],
      },
    ],
  });
  const novaTabela = async () => ctx.salvar('/api/tabelas-frete', await corpoTabela());
  const pedido = async () => pedidoCalculo('2015-06-15', await transportadora());
  return {
    'GET /api/ufs': async () => ({ path: '/api/ufs?size=100&search=nome=ik=paran' }),
    'GET /api/ufs/exportar': async () => ({ path: '/api/ufs/exportar?search=nome=ik=paran&formato=xlsx' }),
    'POST /api/ufs': async () => {
      const u = await ctx.primeira('/api/ufs?search=sigla==PR');
      return { path: '/api/ufs', body: { id: u.id, limiteFretePeso: '6.5', limiteFreteValor: '3', versao: u.versao } };
    },
    'GET /api/municipios': async () => ({ path: '/api/municipios?search=siglaUf==PR&page=1' }),
    'GET /api/municipios/findByNomeOrCodigo': async () => ({ path: '/api/municipios/findByNomeOrCodigo?municipio=sao paulo' }),

    'GET /api/tabelas-frete': async () => ({ path: '/api/tabelas-frete?transportadora=a&size=5' }),
    'GET /api/tabelas-frete/dtos': async () => ({ path: `/api/tabelas-frete/dtos?transportadora=${await transportadora()}` }),
    'GET /api/tabelas-frete/cte': async () => ({
      path: `/api/tabelas-frete/cte?transportadora=${await transportadora()}&dataDespacho=2015-06-15`,
    }),
    'POST /api/tabelas-frete/calcular': async () => ({ path: '/api/tabelas-frete/calcular', body: await pedido() }),
    'POST /api/tabelas-frete/imprimir': async () => ({ path: '/api/tabelas-frete/imprimir', body: { pedido: await pedido() } }),
    // 'GET /api/tabelas-frete/imprimir/cte/:id': in permissions-amostras/auditorias-cte.ts (it needs an audited CT-e).
    'GET /api/tabelas-frete/:id': async () => ({ path: `/api/tabelas-frete/${(await novaTabela()).id}` }),
    'GET /api/tabelas-frete/exportar': async () => ({ path: '/api/tabelas-frete/exportar?formato=csv' }),
    'GET /api/tabelas-frete/planilha/modelo': async () => ({ path: '/api/tabelas-frete/planilha/modelo' }),
    'POST /api/tabelas-frete/planilha': async () => {
      const body = new FormData();
      body.append('arquivo', new File([new TextEncoder().encode('x')], 'tabela.csv'));
      return { path: '/api/tabelas-frete/planilha?simular=true', body };
    },
    'GET /api/tabelas-frete/:id/planilha': async () => ({ path: `/api/tabelas-frete/${(await novaTabela()).id}/planilha` }),
    'POST /api/tabelas-frete/:id/reajuste': async () => ({ path: `/api/tabelas-frete/${(await novaTabela()).id}/reajuste`, body: { dataIni: '2015-01-01', dataFim: '2015-12-31', percentualGeral: '10' }, status: 404 }),
    'POST /api/tabelas-frete/:id/reajuste/ctes/:cteId': async () => ({ path: `/api/tabelas-frete/${(await novaTabela()).id}/reajuste/ctes/1`, body: { dataIni: '2015-01-01', dataFim: '2015-12-31', percentualGeral: '10' }, status: 404 }),
    'POST /api/tabelas-frete': {
      create: async () => ({ path: '/api/tabelas-frete', body: await corpoTabela() }),
      edit: async () => ({ path: '/api/tabelas-frete', body: { ...(await novaTabela()), descricaoIcms: `Editada ${ctx.unico()}` } }),
    },
    'DELETE /api/tabelas-frete/:id': async () => ({ path: `/api/tabelas-frete/${(await novaTabela()).id}` }),
  };
}
