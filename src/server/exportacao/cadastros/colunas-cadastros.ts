import type { Cliente } from '../../../contracts/clientes';
import type { Motorista } from '../../../contracts/motoristas';
import type { PerfilSalvo } from '../../../contracts/perfis';
import type { Transportadora } from '../../../contracts/transportadoras';
import { UNIDADE_LIMITE_FRETE_PESO, UNIDADE_LIMITE_FRETE_VALOR, type Uf } from '../../../contracts/ufs';
import type { Usuario } from '../../../contracts/usuarios';
import type { TipoVeiculo, Veiculo } from '../../../contracts/veiculos';
import type { ColunaExportacao } from '../colunas-exportacao';

// Issue 32: the registers' exported columns: what each screen's grid shows, then the useful fields it hides
// (address, contact, flags). Never a secret: the users' sheet has no password hash, token nor session version.

export const simNao = (v: boolean | null | undefined): string => (v ? 'Sim' : 'Não');

export const COLUNAS_TRANSPORTADORA: readonly ColunaExportacao<Transportadora>[] = [
  { titulo: 'Código', tipo: 'texto', valor: (t) => t.vwTransportadora.pk.fornecedorId, largura: 12 },
  { titulo: 'Razão social', tipo: 'texto', valor: (t) => t.razaoSocial, largura: 40 },
  { titulo: 'Nome fantasia', tipo: 'texto', valor: (t) => t.nomeFantasia, largura: 30 },
  { titulo: 'CNPJ', tipo: 'texto', valor: (t) => t.cnpjFormatado ?? t.cpfCnpjFormatado, largura: 20 },
  { titulo: 'Inscrição estadual', tipo: 'texto', valor: (t) => t.vwTransportadora.inscricaoEstadual },
  { titulo: 'Município', tipo: 'texto', valor: (t) => t.municipio?.nome ?? t.vwTransportadora.localidade, largura: 30 },
  { titulo: 'UF', tipo: 'texto', valor: (t) => t.uf, largura: 5 },
  { titulo: 'Código IBGE', tipo: 'inteiro', valor: (t) => t.codigoIbge ?? t.municipio?.codigo, largura: 12 },
  { titulo: 'Logradouro', tipo: 'texto', valor: (t) => t.vwTransportadora.logradouro, largura: 36 },
  { titulo: 'Complemento', tipo: 'texto', valor: (t) => t.vwTransportadora.complemento },
  { titulo: 'Bairro', tipo: 'texto', valor: (t) => t.vwTransportadora.bairro },
  { titulo: 'CEP', tipo: 'texto', valor: (t) => t.vwTransportadora.cep, largura: 10 },
  { titulo: 'Contato', tipo: 'texto', valor: (t) => t.vwTransportadora.contato },
  { titulo: 'Telefone', tipo: 'texto', valor: (t) => t.vwTransportadora.telefone1, largura: 16 },
  { titulo: 'Telefone 2', tipo: 'texto', valor: (t) => t.vwTransportadora.telefone2, largura: 16 },
  { titulo: 'Ativa', tipo: 'texto', valor: (t) => simNao(t.ativado), largura: 7 },
];

export const COLUNAS_CLIENTE: readonly ColunaExportacao<Cliente>[] = [
  { titulo: 'Código', tipo: 'texto', valor: (c) => c.vwCliente.pk.clienteId, largura: 12 },
  { titulo: 'Razão social', tipo: 'texto', valor: (c) => c.vwCliente.razaoSocial, largura: 40 },
  { titulo: 'Nome fantasia', tipo: 'texto', valor: (c) => c.vwCliente.nomeFantasia, largura: 30 },
  { titulo: 'CPF/CNPJ', tipo: 'texto', valor: (c) => c.vwCliente.cpfCnpjFormatado, largura: 20 },
  { titulo: 'Tipo', tipo: 'texto', valor: (c) => c.vwCliente.tipo, largura: 10 },
  { titulo: 'Posição', tipo: 'texto', valor: (c) => c.vwCliente.posicao, largura: 12 },
  { titulo: 'Cidade', tipo: 'texto', valor: (c) => c.vwCliente.cidade, largura: 30 },
  { titulo: 'UF', tipo: 'texto', valor: (c) => c.vwCliente.estado, largura: 5 },
  { titulo: 'Grupo', tipo: 'texto', valor: (c) => c.vwCliente.grupoRazaoSocial, largura: 36 },
  { titulo: 'CNPJ do grupo', tipo: 'texto', valor: (c) => c.vwCliente.grupoCpfCnpjFormatado, largura: 20 },
  { titulo: 'Descrição amigável', tipo: 'texto', valor: (c) => c.descricaoAmigavel, largura: 30 },
  { titulo: 'Ativo', tipo: 'texto', valor: (c) => simNao(c.ativado), largura: 7 },
];

export const COLUNAS_TIPO_VEICULO: readonly ColunaExportacao<TipoVeiculo>[] = [
  { titulo: 'Descrição', tipo: 'texto', valor: (t) => t.descricao, largura: 30 },
  { titulo: 'Código', tipo: 'texto', valor: (t) => t.codigo, largura: 12 },
  { titulo: 'Capacidade (Kg)', tipo: 'decimal', casas: 3, valor: (t) => t.capacidade },
];

export const COLUNAS_VEICULO: readonly ColunaExportacao<Veiculo>[] = [
  { titulo: 'Placa', tipo: 'texto', valor: (v) => v.placa, largura: 10 },
  { titulo: 'Modelo', tipo: 'texto', valor: (v) => v.modelo },
  { titulo: 'Fabricante', tipo: 'texto', valor: (v) => v.fabricante },
  { titulo: 'Tipo de veículo', tipo: 'texto', valor: (v) => v.tipoVeiculo?.descricao },
  { titulo: 'Capacidade (m³)', tipo: 'decimal', casas: 2, valor: (v) => v.capacidade },
  { titulo: 'Carga (Kg)', tipo: 'decimal', casas: 3, valor: (v) => v.carga },
  { titulo: 'País da placa', tipo: 'texto', valor: (v) => v.pais, largura: 12 },
];

export const COLUNAS_MOTORISTA: readonly ColunaExportacao<Motorista>[] = [
  { titulo: 'Nome', tipo: 'texto', valor: (m) => m.nome, largura: 36 },
  { titulo: 'CPF', tipo: 'texto', valor: (m) => m.cpfFormatado, largura: 16 },
  { titulo: 'RG', tipo: 'texto', valor: (m) => m.rg, largura: 14 },
  { titulo: 'CNH', tipo: 'texto', valor: (m) => m.cnh, largura: 14 },
  { titulo: 'RNTRC', tipo: 'texto', valor: (m) => m.rntnc, largura: 14 },
  { titulo: 'Logradouro', tipo: 'texto', valor: (m) => m.logradouro, largura: 36 },
  { titulo: 'Complemento', tipo: 'texto', valor: (m) => m.complemento },
  { titulo: 'Bairro', tipo: 'texto', valor: (m) => m.bairro },
  { titulo: 'Cidade', tipo: 'texto', valor: (m) => m.cidade },
  { titulo: 'UF', tipo: 'texto', valor: (m) => m.uf, largura: 5 },
  { titulo: 'CEP', tipo: 'texto', valor: (m) => m.cep, largura: 10 },
  { titulo: 'Situação', tipo: 'texto', valor: (m) => (m.status === 'ATIVO' ? 'Ativo' : 'Inativo'), largura: 10 },
];

export const COLUNAS_USUARIO: readonly ColunaExportacao<Usuario>[] = [
  { titulo: 'Login', tipo: 'texto', valor: (u) => u.login, largura: 16 },
  { titulo: 'Nome', tipo: 'texto', valor: (u) => u.nome, largura: 36 },
  { titulo: 'E-mail', tipo: 'texto', valor: (u) => u.email, largura: 32 },
  { titulo: 'Nível', tipo: 'texto', valor: (u) => u.nivel, largura: 14 },
  { titulo: 'Perfis', tipo: 'texto', valor: (u) => u.perfis.map((p) => p.descricao).join(', '), largura: 40 },
  { titulo: 'Ativo', tipo: 'texto', valor: (u) => simNao(u.ativado), largura: 7 },
];

export const COLUNAS_PERFIL: readonly ColunaExportacao<PerfilSalvo>[] = [
  { titulo: 'Descrição', tipo: 'texto', valor: (p) => p.descricao, largura: 36 },
  { titulo: 'Permissões', tipo: 'inteiro', valor: (p) => p.roles.length, largura: 12 },
  { titulo: 'Usuários ativos', tipo: 'inteiro', valor: (p) => p.usuarios, largura: 16 },
  { titulo: 'Ativo', tipo: 'texto', valor: (p) => simNao(p.ativado), largura: 7 },
  { titulo: 'Códigos de permissão', tipo: 'texto', valor: (p) => [...p.roles].sort().join(', '), largura: 60 },
];

export const COLUNAS_UF: readonly ColunaExportacao<Uf>[] = [
  { titulo: 'Código', tipo: 'texto', valor: (u) => u.codigo, largura: 8 },
  { titulo: 'Nome', tipo: 'texto', valor: (u) => u.nome, largura: 24 },
  { titulo: 'Sigla', tipo: 'texto', valor: (u) => u.sigla, largura: 6 },
  // docs/decisoes.md §25: the limits decide at 4 places, so they leave with 4.
  { titulo: `Limite peso ${UNIDADE_LIMITE_FRETE_PESO}`, tipo: 'decimal', casas: 4, valor: (u) => u.limiteFretePeso },
  { titulo: `Limite valor ${UNIDADE_LIMITE_FRETE_VALOR}`, tipo: 'decimal', casas: 4, valor: (u) => u.limiteFreteValor },
];
