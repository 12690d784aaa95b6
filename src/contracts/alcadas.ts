import { z } from 'zod';
import { identificadorSchema, versaoSchema } from './common';
import { NIVEIS, type Nivel } from './permissoes';

// Approval limits (alçadas; issue 29, docs/decisoes.md §36): per user level, and per user overriding it, the
// largest difference |cobrado − previsto| the user may approve on one CT-e and on one fatura. null: no limit.

/** The demo's limits (README): supervisor R$ 50, gerente R$ 500, diretor and admin unlimited, representante none. */
export const ALCADAS_PADRAO: Record<Nivel, { limiteCte: string | null; limiteFatura: string | null }> = {
  ADMIN: { limiteCte: null, limiteFatura: null },
  DIRETOR: { limiteCte: null, limiteFatura: null },
  GERENTE: { limiteCte: '500.00', limiteFatura: '5000.00' },
  SUPERVISOR: { limiteCte: '50.00', limiteFatura: '500.00' },
  REPRESENTANTE: { limiteCte: '0.00', limiteFatura: '0.00' },
};

export const ROTULO_NIVEL: Record<Nivel, string> = {
  ADMIN: 'Administrador',
  DIRETOR: 'Diretor',
  GERENTE: 'Gerente',
  SUPERVISOR: 'Supervisor',
  REPRESENTANTE: 'Representante',
};

const limiteSchema = (campo: string) =>
  z.string().trim().regex(/^\d{1,12}(\.\d{1,2})?$/, `${campo}: informe um valor não negativo com até 2 casas decimais, ou deixe em branco para sem limite.`).nullable();

export const alcadaSchema = z.object({
  limiteCte: limiteSchema('Limite por CT-e'),
  limiteFatura: limiteSchema('Limite por fatura'),
});

/** POST /alcadas: the levels' limits and the users' own (a user row with both null removes the override). */
export const alcadasSalvarSchema = z.object({
  niveis: z.array(alcadaSchema.extend({ nivel: z.enum(NIVEIS, { error: 'Nível desconhecido.' }) })).max(NIVEIS.length),
  usuarios: z.array(alcadaSchema.extend({ usuario: identificadorSchema() })).max(1000, 'No máximo 1000 usuários de uma vez.'),
  versao: versaoSchema,
});
export type AlcadasSalvar = z.infer<typeof alcadasSalvarSchema>;

export interface Alcadas {
  niveis: { nivel: Nivel; limiteCte: string | null; limiteFatura: string | null }[];
  usuarios: { usuario: number; login: string; nome: string; nivel: Nivel; limiteCte: string | null; limiteFatura: string | null }[];
  versao: number;
}

/** POST /auditorias-cte/encaminhar: forward CT-es above one's limit to a level whose limit covers them. */
export const encaminharSchema = z.object({
  ctes: z.array(identificadorSchema()).min(1, 'Informe ao menos um CT-e.').max(500, 'No máximo 500 CT-es de uma vez.'),
  motivo: z.string().trim().max(2000, 'Motivo: no máximo 2000 caracteres.').optional(),
});

/** POST /faturas/liberar: a person releases a blocked fatura within their fatura limit (VENCIMENTO_CURTO and value rules). */
export const faturaLiberarSchema = z.object({
  id: identificadorSchema(),
  versao: versaoSchema.unwrap(),
  motivo: z.string().trim().min(1, 'Informe o motivo da liberação.').max(2000, 'Motivo: no máximo 2000 caracteres.'),
});

/** The refusal above the limit (issue 29 quotes it); `valor` formatted "1.234,56". */
export const mensagemAlcadaInsuficiente = (valor: string) =>
  `Sua alçada permite aprovar diferenças até R$ ${valor}; encaminhe a um aprovador com alçada maior.`;
export const MSG_SEM_ALCADA = 'Sua alçada não permite aprovar diferenças; encaminhe a um aprovador com alçada maior.';
export const mensagemAguardandoAprovacao = (nivel: Nivel) => `aguardando aprovação de ${ROTULO_NIVEL[nivel]}`;
export const MSG_NENHUM_NIVEL_COBRE = 'Nenhum nível tem alçada para esta diferença: ajuste as alçadas em Configuração.';

/** One approval as recorded (CT-e detail's history, the fatura's): who, when, the difference and the reason. */
export interface AprovacaoRegistrada {
  id: number;
  tipo: 'APROVACAO' | 'ENCAMINHAMENTO' | 'LIBERACAO' | 'RECUSA';
  cteId: number | null;
  faturaId: number | null;
  usuario: string;
  nivel: Nivel;
  diferenca: string;
  motivo: string | null;
  em: string;
}

/** GET /alcadas/minha: the logged user's own limits (their override, else their level's, else the default). */
export interface MinhaAlcada {
  nivel: Nivel;
  limiteCte: string | null;
  limiteFatura: string | null;
  /** Whether the limits are the user's own row (else the level's). */
  propria: boolean;
}

export const mensagemUsuarioAlcadaDesconhecido = (id: number) => `Usuário ${id} não encontrado.`;
export const MSG_ALCADAS_SALVAS = 'Alçadas salvas.';
export const MSG_NIVEL_REPETIDO = 'Cada nível pode aparecer uma só vez.';
export const MSG_USUARIO_REPETIDO = 'Cada usuário pode aparecer uma só vez.';
/** POST /faturas/liberar on a fatura that is not BLOQUEADA (`rotulo`: the situation's label). */
export const mensagemLiberacaoSoBloqueada = (rotulo: string, numero: string) =>
  `Só uma fatura bloqueada pode ser liberada: a fatura ${numero} está com situação ${rotulo}.`;
export const MSG_INFORME_VERSAO_ALCADAS = 'Informe a versão das alçadas (recarregue a tela).';
