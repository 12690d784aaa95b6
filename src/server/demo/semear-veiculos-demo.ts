import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { motorista } from '../db/schema/motorista';
import { tipoVeiculo, veiculo } from '../db/schema/veiculo';

const vazia = async (db: Db, tabela: typeof tipoVeiculo | typeof motorista) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(tabela)).at(0)?.n === 0;

/** Demo only: four vehicle types, three vehicles and three drivers (one inactive). */
export async function seedVeiculosDemo(db: Db): Promise<void> {
  if (await vazia(db, tipoVeiculo)) {
    const tipos = await db
      .insert(tipoVeiculo)
      .values([
        { descricao: 'Caminhão Toco', codigo: 'TOCO', capacidade: '6000.000' },
        { descricao: 'Caminhão Truck', codigo: 'TRUCK', capacidade: '14000.000' },
        { descricao: 'Carreta', codigo: 'CARRETA', capacidade: '27000.000' },
        { descricao: 'Veículo Urbano de Carga (VUC)', codigo: 'VUC', capacidade: '3000.000' },
      ])
      .returning({ id: tipoVeiculo.id, codigo: tipoVeiculo.codigo });
    const id = (codigo: string) => tipos.find((t) => t.codigo === codigo)!.id;
    await db.insert(veiculo).values([
      { placa: 'ABC1234', modelo: 'Atego 1719', fabricante: 'Mercedes-Benz', tipoVeiculoId: id('TOCO'), capacidade: '40.000', carga: '6000.000' },
      { placa: 'BRA2E19', modelo: 'Constellation 24.280', fabricante: 'Volkswagen', tipoVeiculoId: id('TRUCK'), capacidade: '60.000', carga: '14000.000' },
      { placa: 'RST4J22', modelo: 'FH 540', fabricante: 'Volvo', tipoVeiculoId: id('CARRETA'), capacidade: '90.000', carga: '27000.000' },
    ]);
  }
  if (await vazia(db, motorista)) {
    await db.insert(motorista).values([
      { nome: 'João Batista Ferreira', cpf: generateCpf(), rg: '12.345.678-9', cnh: '01234567890', rntnc: '123456789', logradouro: 'Rua das Flores, 120', cep: '13010100', bairro: 'Centro', cidade: 'Campinas', uf: 'SP' },
      { nome: 'Márcio Antônio Lopes', cpf: generateCpf(), rg: '4.567.890', cnh: '09876543210', rntnc: '987654321', logradouro: 'Avenida Brasil, 2000', cep: '80010000', bairro: 'Rebouças', cidade: 'Curitiba', uf: 'PR' },
      { nome: 'Sebastião Nunes', cpf: generateCpf(), rg: 'MG-11.222.333', rntnc: '555444333', logradouro: 'Rua Sete de Setembro, 45', cep: '30110000', cidade: 'Belo Horizonte', uf: 'MG', status: 'INATIVO' },
    ]);
  }
}
