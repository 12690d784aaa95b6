import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

// A real Debian dovecot for the mailbox tests (issue 30): its own configuration under a temporary folder (plain login,
// Maildir, one passwd-file user with nobody's uid), listening on 127.0.0.1 on a free port; nothing under /var/run.

export interface Dovecot {
  porta: number;
  usuario: string;
  senha: string;
  /** imap://user:password@127.0.0.1:port/INBOX */
  url: string;
  pasta: string;
  parar(): Promise<void>;
}

const DOVECOT = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';

function portaLivre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The greeting "* OK" on the port, or false. */
function saudacao(porta: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect(porta, '127.0.0.1');
    let dados = '';
    const fim = (ok: boolean) => {
      c.destroy();
      resolve(ok);
    };
    c.setTimeout(1000, () => fim(false));
    c.on('data', (b) => {
      dados += b.toString();
      if (dados.includes('\n')) fim(dados.startsWith('* OK'));
    });
    c.on('error', () => fim(false));
  });
}

function configuracao(raiz: string, porta: number): string {
  return `
protocols = imap
listen = 127.0.0.1
base_dir = ${raiz}/run
state_dir = ${raiz}/state
log_path = ${raiz}/dovecot.log
info_log_path = ${raiz}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_internal_user = nobody
default_internal_group = nogroup
default_login_user = nobody
first_valid_uid = 500
mail_location = maildir:${raiz}/mail/%u
mail_uid = nobody
mail_gid = nogroup
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${porta}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${raiz}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${raiz}/users
}
namespace inbox {
  inbox = yes
  separator = /
}
`;
}

/** Starts dovecot; ready when its port answers "* OK". */
export async function iniciarDovecot(): Promise<Dovecot> {
  const raiz = mkdtempSync(join(tmpdir(), 'frete-dovecot-'));
  chmodSync(raiz, 0o755);
  // The mail user (nobody) owns its Maildir.
  mkdirSync(join(raiz, 'mail'));
  if (process.getuid?.() === 0) chownSync(join(raiz, 'mail'), 65534, 65534);
  const porta = await portaLivre();
  const usuario = 'transportadoras';
  const senha = `s3nh@ ${randomBytes(4).toString('hex')}`;
  writeFileSync(join(raiz, 'users'), `${usuario}:{PLAIN}${senha}:65534:65534::${raiz}/mail/${usuario}\n`);
  const conf = join(raiz, 'dovecot.conf');
  writeFileSync(conf, configuracao(raiz, porta));
  const filho = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let saida = '';
  filho.stdout.on('data', (b) => (saida += b));
  filho.stderr.on('data', (b) => (saida += b));
  let saiu = false;
  filho.once('exit', () => (saiu = true));
  const log = () => {
    try {
      return readFileSync(join(raiz, 'dovecot.log'), 'utf8');
    } catch {
      return '';
    }
  };
  for (let i = 0; ; i++) {
    if (await saudacao(porta)) break;
    if (saiu || i > 100) {
      filho.kill('SIGKILL');
      rmSync(raiz, { recursive: true, force: true });
      throw new Error(`dovecot não iniciou: ${saida}\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = `imap://${encodeURIComponent(usuario)}:${encodeURIComponent(senha)}@127.0.0.1:${porta}/INBOX`;
  const parar = async () => {
    if (!saiu) {
      const fim = new Promise((r) => filho.once('exit', r));
      filho.kill('SIGTERM');
      await Promise.race([fim, new Promise((r) => setTimeout(r, 5000))]);
      if (!saiu) filho.kill('SIGKILL');
    }
    rmSync(raiz, { recursive: true, force: true });
  };
  return { porta, usuario, senha, url, pasta: raiz, parar };
}

// --- Messages ---------------------------------------------------------------------------------------------

export interface AnexoTeste {
  nome: string;
  bytes: Uint8Array | string;
  tipo?: string;
}

export interface MensagemTeste {
  de?: string;
  assunto: string;
  messageId?: string | null;
  texto?: string;
  anexos?: AnexoTeste[];
}

const base64Linhas = (b: Buffer) => b.toString('base64').replace(/.{1,76}/g, '$&\r\n');

/** A raw RFC 822 message, multipart/mixed with base64 attachments, written by hand. */
export function mensagemMime(m: MensagemTeste): string {
  const limite = `=_limite_${randomBytes(6).toString('hex')}`;
  const cabecalho = [
    `From: ${m.de ?? 'Transportadora Teste <edi@transportadora.test>'}`,
    'To: fretes@colacril.test',
    `Subject: ${m.assunto}`,
    'Date: Sun, 06 Dec 2026 10:00:00 +0000',
    ...(m.messageId === null ? [] : [`Message-ID: ${m.messageId ?? `<${randomBytes(8).toString('hex')}@transportadora.test>`}`]),
    'MIME-Version: 1.0',
  ];
  const anexos = m.anexos ?? [];
  if (!anexos.length) return [...cabecalho, 'Content-Type: text/plain; charset=utf-8', '', m.texto ?? 'Sem anexos.', ''].join('\r\n');
  const partes = [`--${limite}`, 'Content-Type: text/plain; charset=utf-8', '', m.texto ?? 'Segue em anexo.', ''];
  for (const a of anexos) {
    const bytes = typeof a.bytes === 'string' ? Buffer.from(a.bytes, 'utf8') : Buffer.from(a.bytes);
    partes.push(
      `--${limite}`,
      `Content-Type: ${a.tipo ?? 'application/octet-stream'}; name="${a.nome}"`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; filename="${a.nome}"`,
      '',
      base64Linhas(bytes),
    );
  }
  partes.push(`--${limite}--`, '');
  return [...cabecalho, `Content-Type: multipart/mixed; boundary="${limite}"`, '', ...partes].join('\r\n');
}

/** An IMAP client of the test user (logger off). */
export async function clienteImap(d: Dovecot): Promise<ImapFlow> {
  const c = new ImapFlow({ host: '127.0.0.1', port: d.porta, secure: false, auth: { user: d.usuario, pass: d.senha }, logger: false, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  await c.connect();
  return c;
}

/** Appends messages to a folder (INBOX by default). */
export async function entregar(d: Dovecot, mensagens: (MensagemTeste | string)[], pasta = 'INBOX'): Promise<void> {
  const c = await clienteImap(d);
  try {
    for (const m of mensagens) await c.append(pasta, typeof m === 'string' ? m : mensagemMime(m));
  } finally {
    await c.logout();
  }
}

/** The subjects and flags of a folder's messages ([] when the folder does not exist). */
export async function listarPasta(d: Dovecot, pasta: string): Promise<{ assunto: string; vista: boolean }[]> {
  const c = await clienteImap(d);
  try {
    const existe = (await c.list()).some((p) => p.path === pasta);
    if (!existe) return [];
    const lock = await c.getMailboxLock(pasta);
    const lista: { assunto: string; vista: boolean }[] = [];
    try {
      if ((c.mailbox && c.mailbox.exists) === 0) return [];
      for await (const m of c.fetch('1:*', { envelope: true, flags: true })) lista.push({ assunto: m.envelope?.subject ?? '', vista: m.flags?.has('\\Seen') ?? false });
    } finally {
      lock.release();
    }
    return lista;
  } finally {
    await c.logout();
  }
}
