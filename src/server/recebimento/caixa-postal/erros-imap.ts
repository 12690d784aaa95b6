import type { ContaImap } from './conta';

// What went wrong with the mailbox, said in Portuguese for the run's log and the intake screen (the agendador records
// the thrown Error's message as the run's failure).

interface ErroImap {
  code?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  responseText?: string;
  executedCommand?: string;
  message?: string;
}

const CODIGOS_TLS = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_SSL|EPROTO/i;

/** The pt-BR message of an imapflow, socket, DNS or TLS error. */
export function mensagemErroImap(erro: unknown, conta: Pick<ContaImap, 'host' | 'porta' | 'pasta' | 'usuario' | 'tls'>): string {
  const e = (erro ?? {}) as ErroImap;
  const servidor = `${conta.host}:${conta.porta}`;
  if (e.authenticationFailed || e.serverResponseCode === 'AUTHENTICATIONFAILED')
    return `A caixa postal recusou o usuário ou a senha (${conta.usuario} em ${servidor}). Confira-os em Configuração › Recebimento.`;
  if (e.serverResponseCode === 'NONEXISTENT' || (/SELECT|EXAMINE/i.test(e.executedCommand ?? '') && /exist/i.test(e.responseText ?? '')))
    return `A pasta "${conta.pasta}" não existe na caixa postal ${servidor}.`;
  switch (e.code) {
    case 'ECONNREFUSED':
      return `A caixa postal ${servidor} recusou a conexão: confira o servidor e a porta.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `O servidor da caixa postal "${conta.host}" não foi encontrado (DNS).`;
    case 'ETIMEDOUT':
    case 'CONNECT_TIMEOUT':
    case 'GREETING_TIMEOUT':
    case 'ETIMEOUT':
      return `A caixa postal ${servidor} não respondeu a tempo.`;
    case 'ECONNRESET':
    case 'EPIPE':
    case 'NoConnection':
    case 'EConnectionClosed':
    case 'ClosedAfterConnectText':
    case 'ClosedAfterConnectTLS':
      return conta.tls
        ? `A conexão com a caixa postal ${servidor} caiu: confira se a porta aceita TLS (imaps).`
        : `A conexão com a caixa postal ${servidor} caiu: confira se a porta não exige TLS (imaps).`;
  }
  if (e.code && CODIGOS_TLS.test(e.code)) return `A conexão segura (TLS) com a caixa postal ${servidor} falhou: ${e.code}.`;
  const detalhe = e.responseText || e.message || String(erro);
  return `A caixa postal ${servidor} respondeu com um erro: ${detalhe.slice(0, 300)}`;
}
