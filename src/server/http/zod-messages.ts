import type { z } from 'zod';

const campo = (path: PropertyKey[] | undefined) => (path?.length ? path.map(String).join('.') : '');

/**
 * Per-parse error map: runs only where the schema gave no message of its own, so the contracts'
 * Portuguese texts win and zod's English defaults never reach the user.
 */
export function zodMessagePtBr(issue: z.core.$ZodRawIssue): string {
  const nome = campo(issue.path);
  const prefixo = nome ? `Campo ${nome}` : 'Corpo da requisição';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return nome ? `Campo ${nome}: obrigatório.` : 'O corpo da requisição é obrigatório.';
      return `${prefixo}: tipo inválido.`;
    case 'too_big':
      return `${prefixo}: valor acima do máximo permitido (${String(issue.maximum)}).`;
    case 'too_small':
      return `${prefixo}: valor abaixo do mínimo permitido (${String(issue.minimum)}).`;
    case 'unrecognized_keys':
      return `Campo(s) desconhecido(s): ${issue.keys.join(', ')}.`;
    case 'invalid_format':
      return `${prefixo}: formato inválido.`;
    case 'invalid_value':
      return `${prefixo}: valor não permitido.`;
    default:
      return `${prefixo}: valor inválido.`;
  }
}

/** The distinct messages of a failed parse, in order. */
export const zodMessages = (erro: z.ZodError): string[] => [...new Set(erro.issues.map((i) => i.message))];
