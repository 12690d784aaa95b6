import { z } from 'zod';
import { cpfValido, somenteDigitos } from './cpf';
import { identificadorSchema, pageSchema, versaoSchema } from './common';

// Spec 01 §5 / 03 §5, Driver save: "Messages are of the form 'O nome do motorista é obrigatório'".
export const MSG_MOTORISTA = {
  nome: 'O nome do motorista é obrigatório',
  rg: 'O RG do motorista é obrigatório',
  cpf: 'O CPF do motorista é obrigatório',
  rntnc: 'O RNTNC do motorista é obrigatório',
  logradouro: 'O logradouro do motorista é obrigatório',
  cep: 'O CEP do motorista é obrigatório',
  cidade: 'A cidade do motorista é obrigatória',
  uf: 'A UF do motorista é obrigatória',
} as const;
export const MSG_CPF_INVALIDO = 'O CPF preenchido é inválido';
export const MSG_CEP_INVALIDO = 'O CEP deve ter 8 dígitos';
export const MSG_MOTORISTA_CPF_DUPLICADO = 'Já existe um motorista com este CPF';

const obrigatorio = (msg: string, max = 150) => z.string({ error: msg }).trim().min(1, msg).max(max, `Máximo de ${max} caracteres`);
const opcional = (max = 150) => z.string().trim().max(max, `Máximo de ${max} caracteres`).nullish();

export const STATUS_MOTORISTA = ['ATIVO', 'INATIVO'] as const;

export const motoristaCadastroSchema = z.object({
  id: identificadorSchema().optional(),
  nome: obrigatorio(MSG_MOTORISTA.nome),
  cpf: z
    .string({ error: MSG_MOTORISTA.cpf })
    .trim()
    .min(1, { message: MSG_MOTORISTA.cpf, abort: true })
    .max(20, { message: MSG_CPF_INVALIDO, abort: true })
    .refine(cpfValido, MSG_CPF_INVALIDO)
    .transform(somenteDigitos),
  rg: obrigatorio(MSG_MOTORISTA.rg, 20),
  cnh: opcional(20),
  rntnc: obrigatorio(MSG_MOTORISTA.rntnc, 20),
  logradouro: obrigatorio(MSG_MOTORISTA.logradouro),
  complemento: opcional(),
  endereco: opcional(),
  cep: z
    .string({ error: MSG_MOTORISTA.cep })
    .trim()
    .min(1, MSG_MOTORISTA.cep)
    .max(10, MSG_CEP_INVALIDO)
    .transform(somenteDigitos)
    .pipe(z.string().length(8, MSG_CEP_INVALIDO)),
  bairro: opcional(),
  cidade: obrigatorio(MSG_MOTORISTA.cidade),
  uf: z.string({ error: MSG_MOTORISTA.uf }).trim().min(1, MSG_MOTORISTA.uf).max(2, 'A UF deve ter 2 letras').toUpperCase(),
  status: z.enum(STATUS_MOTORISTA).default('ATIVO'),
  versao: versaoSchema,
});
export type MotoristaCadastro = z.infer<typeof motoristaCadastroSchema>;

export const motoristaSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  cpf: z.string(),
  cpfFormatado: z.string(),
  rg: z.string(),
  cnh: z.string().nullable(),
  rntnc: z.string(),
  logradouro: z.string(),
  complemento: z.string().nullable(),
  endereco: z.string().nullable(),
  cep: z.string(),
  bairro: z.string().nullable(),
  cidade: z.string(),
  uf: z.string(),
  status: z.enum(STATUS_MOTORISTA),
  versao: z.number().int(),
});
export type Motorista = z.infer<typeof motoristaSchema>;
export const motoristaPageSchema = pageSchema(motoristaSchema);
