import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ultNsuDoPedido, validarPedido } from './sefaz-esquema';

// A local double of SEFAZ's CTeDistribuicaoDFe: HTTPS that requires a client certificate from the test's CA, checks
// every request against distDFeInt's schema (sefaz-esquema.ts) and answers SOAP 1.2 envelopes built by the test.
// The certificates are made by the `openssl` CLI in a temporary folder.

export interface Certificados {
  pasta: string;
  ca: Buffer;
  servidor: { key: Buffer; cert: Buffer };
  /** The company's A1, signed by the test's CA. */
  cliente: { pfx: Buffer; senha: string };
  /** A client certificate of another CA: the double refuses the TLS handshake. */
  estranho: { pfx: Buffer; senha: string };
  remover(): void;
}

const openssl = (pasta: string, args: string[]) => execFileSync('openssl', args, { cwd: pasta, stdio: ['ignore', 'ignore', 'pipe'] });

function ac(pasta: string, nome: string, cn: string) {
  openssl(pasta, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${nome}.key`, '-out', `${nome}.pem`, '-days', '3650', '-subj', `/CN=${cn}`]);
}

function emitir(pasta: string, nome: string, acNome: string, subj: string, ext?: string) {
  openssl(pasta, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${nome}.key`, '-out', `${nome}.csr`, '-subj', subj]);
  const extras = ext ? (writeFileSync(join(pasta, `${nome}.ext`), ext), ['-extfile', `${nome}.ext`]) : [];
  openssl(pasta, ['x509', '-req', '-in', `${nome}.csr`, '-CA', `${acNome}.pem`, '-CAkey', `${acNome}.key`, '-CAcreateserial', '-out', `${nome}.pem`, '-days', '30', ...extras]);
}

function pfx(pasta: string, nome: string, senha: string): Buffer {
  openssl(pasta, ['pkcs12', '-export', '-in', `${nome}.pem`, '-inkey', `${nome}.key`, '-out', `${nome}.pfx`, '-passout', `pass:${senha}`]);
  return readFileSync(join(pasta, `${nome}.pfx`));
}

/** A CA, a server certificate for 127.0.0.1, the company's A1 (PFX with a password), and one of another CA. */
export function gerarCertificados(): Certificados {
  const pasta = mkdtempSync(join(tmpdir(), 'frete-sefaz-'));
  ac(pasta, 'ac', 'AC de Teste do Frete Console');
  ac(pasta, 'ac-outra', 'AC Desconhecida');
  emitir(pasta, 'servidor', 'ac', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  emitir(pasta, 'cliente', 'ac', '/O=ICP-Brasil/CN=TRANSPORTES TESTE LTDA:12345678000195', 'extendedKeyUsage=clientAuth\n');
  emitir(pasta, 'estranho', 'ac-outra', '/CN=OUTRA EMPRESA:99999999000191', 'extendedKeyUsage=clientAuth\n');
  const ler = (n: string) => readFileSync(join(pasta, n));
  return {
    pasta,
    ca: ler('ac.pem'),
    servidor: { key: ler('servidor.key'), cert: ler('servidor.pem') },
    cliente: { pfx: pfx(pasta, 'cliente', 'senha-do-a1'), senha: 'senha-do-a1' },
    estranho: { pfx: pfx(pasta, 'estranho', 'outra'), senha: 'outra' },
    remover: () => rmSync(pasta, { recursive: true, force: true }),
  };
}

export interface DocumentoDistribuido {
  nsu: number;
  schema: string;
  xml: string;
}

export interface RespostaSefaz {
  cStat: string;
  xMotivo: string;
  ultNSU?: number;
  maxNSU?: number;
  docs?: DocumentoDistribuido[];
}

const n15 = (n: number) => String(n).padStart(15, '0');

/** retDistDFeInt in a SOAP 1.2 envelope, each document as base64 of its gzip. */
export function envelopeResposta(r: RespostaSefaz): string {
  const docs = (r.docs ?? []).map((d) => `<docZip NSU="${n15(d.nsu)}" schema="${d.schema}">${gzipSync(Buffer.from(d.xml, 'utf8')).toString('base64')}</docZip>`).join('');
  const ret =
    `<retDistDFeInt xmlns="http://www.portalfiscal.inf.br/cte" versao="1.00"><tpAmb>2</tpAmb><verAplic>1.0.0</verAplic>` +
    `<cStat>${r.cStat}</cStat><xMotivo>${r.xMotivo}</xMotivo><dhResp>2026-01-01T10:00:00-03:00</dhResp>` +
    (r.ultNSU !== undefined ? `<ultNSU>${n15(r.ultNSU)}</ultNSU><maxNSU>${n15(r.maxNSU ?? r.ultNSU)}</maxNSU>` : '') +
    (docs ? `<loteDistDFeInt>${docs}</loteDistDFeInt>` : '') +
    `</retDistDFeInt>`;
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<soap:Body><cteDistDFeInteresseResponse xmlns="http://www.portalfiscal.inf.br/cte/wsdl/CTeDistribuicaoDFe"><cteDistDFeInteresseResult>${ret}</cteDistDFeInteresseResult></cteDistDFeInteresseResponse></soap:Body></soap:Envelope>`
  );
}

/** What the double does with one request: an answer, an HTTP error, or no answer at all. */
export type Acao = { resposta: RespostaSefaz } | { http: number; corpo: string } | 'PENDURAR';

export interface Chamada {
  ultNSU: string | null;
  erros: string[];
}

export interface Duble {
  url: string;
  /** Every request that reached the handler (a TLS refusal never does). */
  chamadas: Chamada[];
  /** Requests that broke the schema: a test fails when this is not empty. */
  pedidosInvalidos: Chamada[];
  /** Handshakes refused (client certificate not from the CA). */
  recusasTls: number;
  responder: (ultNSU: bigint) => Acao;
  fechar(): Promise<void>;
}

export async function iniciarDuble(c: Certificados, responder: (ultNSU: bigint) => Acao): Promise<Duble> {
  const pendentes = new Set<import('node:http').ServerResponse>();
  const duble = { chamadas: [] as Chamada[], pedidosInvalidos: [] as Chamada[], recusasTls: 0, responder } as Duble;
  const servidor: Server = createServer({ ...c.servidor, ca: c.ca, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      const corpo = Buffer.concat(partes).toString('utf8');
      const erros = req.method === 'POST' ? validarPedido(req.headers['content-type'], corpo) : [`método ${req.method}`];
      const chamada = { ultNSU: ultNsuDoPedido(corpo), erros };
      duble.chamadas.push(chamada);
      if (erros.length) {
        duble.pedidosInvalidos.push(chamada);
        res.writeHead(400).end();
        return;
      }
      const acao = duble.responder(BigInt(chamada.ultNSU ?? '0'));
      if (acao === 'PENDURAR') return void pendentes.add(res);
      if ('http' in acao) return void res.writeHead(acao.http, { 'Content-Type': 'application/soap+xml; charset=utf-8' }).end(acao.corpo);
      res.writeHead(200, { 'Content-Type': 'application/soap+xml; charset=utf-8' }).end(envelopeResposta(acao.resposta));
    });
  });
  servidor.on('tlsClientError', () => duble.recusasTls++);
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  duble.url = `https://127.0.0.1:${(servidor.address() as AddressInfo).port}/CTeDistribuicaoDFe/CTeDistribuicaoDFe.asmx`;
  duble.fechar = async () => {
    for (const r of pendentes) r.destroy();
    servidor.closeAllConnections();
    await new Promise<void>((ok) => servidor.close(() => ok()));
  };
  return duble;
}
