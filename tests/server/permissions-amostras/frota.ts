import type { Amostras, ContextoAmostras } from './tipos';

const CPFS = ['52998224725', '11144477735', '39053344705', '86288366757', '71428793860', '24843803480', '15350946056'];

/** Vehicle types, vehicles and drivers. */
export function amostrasFrota(ctx: ContextoAmostras): Amostras {
  let placas = 0;
  let cpfUsado = 0;
  const novoTipo = () => ctx.salvar('/api/tipos-veiculo', { descricao: `Tipo ${ctx.unico()}` });
  const novaPlaca = () => `P${String(++placas).padStart(2, '0')}${ctx.unico().slice(-4)}`.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 7);
  const novoVeiculo = () => ctx.salvar('/api/veiculos', { placa: novaPlaca() });
  const motoristaValido = () => ({
    nome: 'Motorista Amostra', cpf: CPFS[cpfUsado++ % CPFS.length], rg: '123', rntnc: '456', logradouro: 'Rua A', cep: '01001000', cidade: 'São Paulo', uf: 'SP',
  });
  const novoMotorista = async () => {
    const corpo = motoristaValido();
    const [existente] = (await ctx.obter(`/api/motoristas?search=cpf==${corpo.cpf};status=in=(ATIVO,INATIVO)`)).content;
    return existente ?? ctx.salvar('/api/motoristas', corpo);
  };
  return {
    'GET /api/tipos-veiculo': async () => ({ path: '/api/tipos-veiculo?search=descricao==*a*' }),
    'GET /api/tipos-veiculo/exportar': async () => ({ path: '/api/tipos-veiculo/exportar?formato=csv' }),
    'GET /api/tipos-veiculo/:id': async () => ({ path: `/api/tipos-veiculo/${(await novoTipo()).id}` }),
    'POST /api/tipos-veiculo': {
      create: async () => ({ path: '/api/tipos-veiculo', body: { descricao: `Criado ${ctx.unico()}`, codigo: 'X' } }),
      edit: async () => ({ path: '/api/tipos-veiculo', body: { ...(await novoTipo()), descricao: `Editado ${ctx.unico()}` } }),
    },
    'DELETE /api/tipos-veiculo/:id': async () => ({ path: `/api/tipos-veiculo/${(await novoTipo()).id}` }),
    'GET /api/veiculos': async () => ({ path: '/api/veiculos?search=fabricante=ik=volvo' }),
    'GET /api/veiculos/exportar': async () => ({ path: '/api/veiculos/exportar?formato=csv' }),
    'GET /api/veiculos/:id': async () => ({ path: `/api/veiculos/${(await ctx.primeira('/api/veiculos?size=1')).id}` }),
    'POST /api/veiculos': {
      create: async () => ({
        path: '/api/veiculos',
        body: { placa: novaPlaca().toLowerCase(), modelo: 'Amostra', tipoVeiculo: { id: (await ctx.primeira('/api/tipos-veiculo?size=1')).id } },
      }),
      edit: async () => {
        const v = await novoVeiculo();
        return { path: '/api/veiculos', body: { id: v.id, placa: v.placa, modelo: 'Editado', versao: v.versao } };
      },
    },
    'DELETE /api/veiculos/:id': async () => ({ path: `/api/veiculos/${(await novoVeiculo()).id}` }),
    'GET /api/motoristas': async () => ({ path: '/api/motoristas?search=nome=ik=jo&page=0&size=100' }),
    'GET /api/motoristas/exportar': async () => ({ path: '/api/motoristas/exportar?formato=csv' }),
    'GET /api/motoristas/:id': async () => ({ path: `/api/motoristas/${(await ctx.primeira('/api/motoristas?size=1')).id}` }),
    'POST /api/motoristas': {
      create: async () => {
        const corpo = motoristaValido();
        const [existente] = (await ctx.obter(`/api/motoristas?search=cpf==${corpo.cpf};status=in=(ATIVO,INATIVO)`)).content;
        return { path: '/api/motoristas', body: existente ? { ...existente, cpfFormatado: undefined, nome: 'Outro' } : corpo };
      },
      edit: async () => {
        const m = await novoMotorista();
        return { path: '/api/motoristas', body: { ...m, cpfFormatado: undefined, nome: `Editado ${ctx.unico()}`, status: 'ATIVO' } };
      },
    },
    'DELETE /api/motoristas/:id': async () => ({ path: `/api/motoristas/${(await novoMotorista()).id}` }),
  };
}
