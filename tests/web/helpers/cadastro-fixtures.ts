import type { Motorista } from '../../../src/contracts/motoristas';
import type { Transportadora } from '../../../src/contracts/transportadoras';
import type { Uf } from '../../../src/contracts/ufs';
import type { Usuario } from '../../../src/contracts/usuarios';
import type { TipoVeiculo, Veiculo } from '../../../src/contracts/veiculos';

export function motorista(id: number, nome: string, over: Partial<Motorista> = {}): Motorista {
  return {
    id,
    nome,
    cpf: '52998224725',
    cpfFormatado: '529.982.247-25',
    rg: '12.345.678-9',
    cnh: '01234567890',
    rntnc: '123456',
    logradouro: 'Rua das Flores, 10',
    complemento: null,
    endereco: null,
    cep: '01001000',
    bairro: 'Centro',
    cidade: 'São Paulo',
    uf: 'SP',
    status: 'ATIVO',
    versao: 0,
    ...over,
  };
}

export function veiculo(id: number, placa: string, over: Partial<Veiculo> = {}): Veiculo {
  return { id, placa, pais: 'Brasil', modelo: 'FH 540', fabricante: 'Volvo', tipoVeiculo: { id: 1, descricao: 'Carreta' }, capacidade: '90', carga: '30000', versao: 0, ...over };
}

export function tipoVeiculo(id: number, descricao: string, over: Partial<TipoVeiculo> = {}): TipoVeiculo {
  return { id, descricao, codigo: null, capacidade: null, versao: 0, ...over };
}

export function uf(id: number, sigla: string, nome: string, over: Partial<Uf> = {}): Uf {
  return { id, codigo: String(id), nome, sigla, limiteFretePeso: '5', limiteFreteValor: '3.5', versao: 0, ...over };
}

export function usuarioCadastro(id: number, login: string, nome: string, over: Partial<Usuario> = {}): Usuario {
  return { id, login, nome, email: `${login}@exemplo.com.br`, nivel: 'GERENTE', ativado: true, perfis: [{ id: 1, descricao: 'Administração' }], versao: 0, ...over };
}

export function transportadora(id: number, razaoSocial: string, over: Partial<Transportadora> = {}): Transportadora {
  return {
    id,
    razaoSocial,
    nomeFantasia: `${razaoSocial.split(' ')[0]} Fantasia`,
    cnpjFormatado: '11.222.333/0001-81',
    cpfCnpjFormatado: '11.222.333/0001-81',
    municipio: { id: 1, codigo: 3550308, nome: 'São Paulo', siglaUf: 'SP' },
    codigoIbge: 3550308,
    uf: 'SP',
    ativado: true,
    vwTransportadora: {
      pk: { fornecedorId: `F${id}` },
      inscricaoEstadual: '110.042.490.114',
      logradouro: 'Av. Paulista, 1000',
      complemento: null,
      cep: '01310-100',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      estado: 'SP',
      contato: 'Marta',
      telefone1: '(11) 3000-0000',
      telefone2: null,
      telefone3: null,
    },
    versao: 0,
    ...over,
  };
}
