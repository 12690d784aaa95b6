import { CARACTERE_CONTROLE, SURROGATE_SOLTO } from '../../contracts/common';
import { MSG_CARACTERE_CONTROLE, MSG_TEXTO_MAL_FORMADO } from '../../contracts/erros';
import { badRequest } from './api-error';

/** Refuses (400) a text with a control character or a lone surrogate, before it reaches the database. */
export function exigirTextoSeguro(texto: string): void {
  if (CARACTERE_CONTROLE.test(texto)) throw badRequest(MSG_CARACTERE_CONTROLE);
  if (SURROGATE_SOLTO.test(texto)) throw badRequest(MSG_TEXTO_MAL_FORMADO);
}

/** Every string and key of a parsed JSON value; iterative, so a deeply nested body cannot overflow the stack. */
export function exigirJsonSeguro(valor: unknown): void {
  const pendentes: unknown[] = [valor];
  while (pendentes.length) {
    const atual = pendentes.pop();
    if (typeof atual === 'string') exigirTextoSeguro(atual);
    // One by one: spreading a body's 500,000-item array would overflow the argument stack.
    else if (Array.isArray(atual)) for (const item of atual) pendentes.push(item);
    else if (atual !== null && typeof atual === 'object')
      for (const [chave, filho] of Object.entries(atual)) {
        exigirTextoSeguro(chave);
        pendentes.push(filho);
      }
  }
}
