import { z } from 'zod';
import { PLACA_MAXIMO, normalizarPlaca } from './placa';
import { identificadorSchema, pageSchema, versaoSchema } from './common';

export const MSG_TIPO_VEICULO_DESCRICAO = 'A descrição do tipo de veículo é obrigatória';
export const MSG_VEICULO_PLACA = 'A placa do veículo é obrigatória';
export const MSG_VEICULO_PLACA_TAMANHO = `A placa deve ter no máximo ${PLACA_MAXIMO} caracteres`;
export const MSG_VEICULO_PLACA_DUPLICADA = 'Já existe um veículo com esta placa';

const decimal = (campo: string) =>
  z
    .string({ error: `${campo}: informe um número.` })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,3})?$/, `${campo}: informe um número não negativo com até 3 casas decimais.`);

/** Vehicle type: descricao, codigo; capacidade (kg) is the weight limit manifests check (spec 03 §5). */
export const tipoVeiculoCadastroSchema = z.object({
  id: identificadorSchema().optional(),
  descricao: z.string({ error: MSG_TIPO_VEICULO_DESCRICAO }).trim().min(1, MSG_TIPO_VEICULO_DESCRICAO).max(100, 'A descrição deve ter no máximo 100 caracteres'),
  codigo: z.string().trim().max(20, 'O código deve ter no máximo 20 caracteres').nullish(),
  capacidade: decimal('Capacidade').nullish(),
  versao: versaoSchema,
});
export const tipoVeiculoSchema = z.object({
  id: z.number().int(),
  descricao: z.string(),
  codigo: z.string().nullable(),
  capacidade: z.string().nullable(),
  versao: z.number().int(),
});
export type TipoVeiculo = z.infer<typeof tipoVeiculoSchema>;
export const tipoVeiculoPageSchema = pageSchema(tipoVeiculoSchema);

/** Vehicle: plate upper-cased (max 7), capacidade m³, carga kg. */
export const veiculoCadastroSchema = z.object({
  id: identificadorSchema().optional(),
  placa: z
    .string({ error: MSG_VEICULO_PLACA })
    .trim()
    .min(1, MSG_VEICULO_PLACA)
    .max(PLACA_MAXIMO + 2, MSG_VEICULO_PLACA_TAMANHO)
    .transform(normalizarPlaca)
    .pipe(z.string().min(1, MSG_VEICULO_PLACA)),
  modelo: z.string().trim().max(100, 'O modelo deve ter no máximo 100 caracteres').nullish(),
  fabricante: z.string().trim().max(100, 'O fabricante deve ter no máximo 100 caracteres').nullish(),
  tipoVeiculo: z.object({ id: identificadorSchema() }).nullish(),
  capacidade: decimal('Capacidade (m³)').nullish(),
  carga: decimal('Carga (Kg)').nullish(),
  versao: versaoSchema,
});
export type VeiculoCadastro = z.infer<typeof veiculoCadastroSchema>;
export const veiculoSchema = z.object({
  id: z.number().int(),
  placa: z.string(),
  pais: z.enum(['Brasil', 'Argentina', 'Uruguai', 'Paraguai', 'Mercosul']),
  modelo: z.string().nullable(),
  fabricante: z.string().nullable(),
  tipoVeiculo: z.object({ id: z.number().int(), descricao: z.string() }).nullable(),
  capacidade: z.string().nullable(),
  carga: z.string().nullable(),
  versao: z.number().int(),
});
export type Veiculo = z.infer<typeof veiculoSchema>;
export const veiculoPageSchema = pageSchema(veiculoSchema);

export const MSG_TIPO_VEICULO_DESCONHECIDO = 'Tipo de veículo não encontrado.';
/** DELETE /tipos-veiculo/{id} of a type that vehicles still use. */
export const mensagemTipoVeiculoEmUso = (n: number) => `O tipo de veículo está em uso por ${n} veículo(s).`;
