import { request } from 'node:https';
import { TIPO_CONTEUDO } from './envelope';

// One POST to the service over mutual TLS (the company's A1 certificate). Every failure becomes an Error with a
// pt-BR message the run's log shows: refused TLS, no answer in time, an HTTP error, an answer too large.

/** A batch has at most 50 documents of a few hundred KB each. */
export const TAMANHO_MAXIMO_RESPOSTA = 30 * 1024 * 1024;
export const TIMEOUT_PADRAO_MS = 60_000;

export interface OpcoesChamada {
  url: string;
  pfx: Buffer;
  senha: string;
  /** Extra trusted CAs (the tests' double); absent: Node's default roots. */
  ca?: Buffer;
  timeoutMs?: number;
  sinal?: AbortSignal;
}

const CODIGOS_TLS = /CERT|SSL|TLS|ALERT|HANDSHAKE|EPROTO|SELF_SIGNED|UNABLE_TO|ERR_OSSL/i;

/** The pt-BR reason of a network error. */
export function motivoRede(e: unknown, url: string): string {
  const err = e as NodeJS.ErrnoException & { reason?: string };
  const codigo = err.code ?? '';
  const texto = `${codigo} ${err.message ?? ''}`;
  if (codigo === 'ECONNRESET' || CODIGOS_TLS.test(texto))
    return `A conexão segura com a SEFAZ foi recusada (${codigo || 'TLS'}): confira se o certificado A1 é válido e aceito pelo serviço, e se o servidor é o da SEFAZ.`;
  if (codigo === 'ECONNREFUSED' || codigo === 'ENOTFOUND' || codigo === 'EAI_AGAIN' || codigo === 'EHOSTUNREACH' || codigo === 'ENETUNREACH')
    return `Não foi possível conectar à SEFAZ (${new URL(url).host}, ${codigo}): esta máquina precisa alcançar o serviço.`;
  return `A consulta à SEFAZ falhou: ${(err.message ?? String(e)).slice(0, 200)}`;
}

/** The answer's body (UTF-8) of an HTTP 200; anything else throws. */
export function chamarSefaz(corpo: string, o: OpcoesChamada): Promise<string> {
  const timeoutMs = o.timeoutMs ?? TIMEOUT_PADRAO_MS;
  return new Promise<string>((resolve, reject) => {
    let acabou = false;
    const fim = (erro: Error | null, texto?: string) => {
      if (acabou) return;
      acabou = true;
      if (erro) reject(erro);
      else resolve(texto ?? '');
    };
    let req: ReturnType<typeof request>;
    try {
      req = request(o.url, {
        method: 'POST',
        pfx: o.pfx,
        passphrase: o.senha,
        ...(o.ca ? { ca: o.ca } : {}),
        headers: { 'Content-Type': TIPO_CONTEUDO, 'Content-Length': Buffer.byteLength(corpo) },
        ...(o.sinal ? { signal: o.sinal } : {}),
      });
    } catch (e) {
      // A PFX OpenSSL cannot open, an invalid URL: thrown before any connection.
      return fim(new Error(motivoRede(e, o.url)));
    }
    req.setTimeout(timeoutMs, () => {
      fim(new Error(`A SEFAZ não respondeu em ${(timeoutMs / 1000).toLocaleString('pt-BR')} s: tente de novo mais tarde.`));
      req.destroy();
    });
    req.on('error', (e) => fim(new Error(o.sinal?.aborted ? 'A consulta à SEFAZ foi interrompida.' : motivoRede(e, o.url))));
    req.on('response', (res) => {
      const partes: Buffer[] = [];
      let tamanho = 0;
      res.on('data', (p: Buffer) => {
        tamanho += p.length;
        if (tamanho > TAMANHO_MAXIMO_RESPOSTA) {
          fim(new Error(`A resposta da SEFAZ passa de ${TAMANHO_MAXIMO_RESPOSTA / 1024 / 1024} MB: recusada.`));
          req.destroy();
        } else partes.push(p);
      });
      res.on('error', (e) => fim(new Error(motivoRede(e, o.url))));
      res.on('end', () => {
        const texto = Buffer.concat(partes).toString('utf8');
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          const razao = /<(?:\w+:)?Text[^>]*>([^<]{1,300})</.exec(texto)?.[1];
          fim(new Error(`A SEFAZ respondeu HTTP ${status}${razao ? `: ${razao}` : ''}. Tente de novo mais tarde.`));
        } else fim(null, texto);
      });
    });
    req.end(corpo);
  });
}
