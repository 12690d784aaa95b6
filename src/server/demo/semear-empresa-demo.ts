import { eq, isNull, and } from 'drizzle-orm';
import type { Empresa } from '../../contracts/common';
import type { Db } from '../db/database';
import { configuracao } from '../db/schema/configuracao';
import { municipio } from '../db/schema/municipio';
import { EMPRESAS_DEMO } from './ctes-demo/constantes-demo';

// The demo company's identity in its settings row (legal name, CNPJ and address of its first plant), as the
// documents that name the company print it (the transport contract's CONTRATANTE). Only where none is set.

const cep = (digitos: string) => digitos.replace(/^(\d{5})(\d{3})$/, '$1-$2');

export async function seedEmpresaDemo(tx: Db, empresa: Empresa): Promise<void> {
  const demo = EMPRESAS_DEMO[empresa];
  const planta = demo.plantas[0];
  const [cidade] = await tx.select({ nome: municipio.nome, uf: municipio.siglaUf }).from(municipio).where(eq(municipio.codigo, planta.codigo)).limit(1);
  const endereco = [planta.logradouro, cidade ? `${cidade.nome}/${cidade.uf}` : null, `CEP ${cep(planta.cep)}`].filter(Boolean).join(', ');
  await tx
    .update(configuracao)
    .set({ razaoSocial: demo.nome, cnpj: planta.cnpj, endereco })
    .where(and(eq(configuracao.id, 1), isNull(configuracao.razaoSocial)));
}
