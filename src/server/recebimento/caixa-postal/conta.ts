// The mailbox a company's documents arrive in (issue 30): from Configuração › Recebimento or, for installs and tests,
// from IMAP_URL_<EMPRESA> (imap://user:password@host:port/INBOX; imaps:// for TLS; ?intervalo=<segundos>).

export interface ContaImap {
  host: string;
  porta: number;
  tls: boolean;
  usuario: string;
  senha: string;
  pasta: string;
  intervaloMs: number;
}

/** The interval of a mailbox given by URL when it names none. */
export const INTERVALO_URL_PADRAO_MS = 60_000;

const decodificar = (texto: string): string | null => {
  try {
    return decodeURIComponent(texto);
  } catch {
    return null;
  }
};

/** The mailbox of an IMAP_URL_<EMPRESA> value, or what is wrong with it in Portuguese. */
export function contaDaUrl(valor: string): ContaImap | { erro: string } {
  const erro = (motivo: string) => ({ erro: `IMAP_URL inválida: ${motivo} Use imap://usuario:senha@servidor:porta/INBOX.` });
  let url: URL;
  try {
    url = new URL(valor.trim());
  } catch {
    return erro('não é um endereço.');
  }
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:') return erro(`o esquema deve ser imap:// ou imaps://, não ${url.protocol}//.`);
  const tls = url.protocol === 'imaps:';
  if (!url.hostname) return erro('falta o servidor.');
  const usuario = decodificar(url.username);
  const senha = decodificar(url.password);
  if (usuario === null || senha === null) return erro('o usuário ou a senha têm um % que não é um código válido.');
  if (!usuario) return erro('falta o usuário.');
  if (!senha) return erro('falta a senha.');
  const porta = url.port ? Number(url.port) : tls ? 993 : 143;
  const pasta = decodificar(url.pathname.replace(/^\/+/, '')) ?? null;
  if (pasta === null) return erro('a pasta tem um % que não é um código válido.');
  let intervaloMs = INTERVALO_URL_PADRAO_MS;
  for (const [chave, v] of url.searchParams) {
    if (chave !== 'intervalo') return erro(`parâmetro desconhecido "${chave}" (só intervalo=<segundos>).`);
    if (!/^\d{1,6}$/.test(v) || Number(v) < 1 || Number(v) > 86_400) return erro('o intervalo vai de 1 a 86400 segundos.');
    intervaloMs = Number(v) * 1000;
  }
  // URL keeps brackets around an IPv6 address; the socket wants it bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { host, porta, tls, usuario, senha, pasta: pasta || 'INBOX', intervaloMs };
}

/** The environment variable of a company's mailbox URL. */
export const variavelImap = (empresa: string) => `IMAP_URL_${empresa.toUpperCase()}`;
