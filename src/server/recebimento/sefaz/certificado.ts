import { X509Certificate } from 'node:crypto';
import { createSecureContext, TLSSocket } from 'node:tls';
import { MSG_PFX_ILEGIVEL, MSG_PFX_VENCIDO } from '../../../contracts/recebimento';
import { ApiError } from '../../http/api-error';

// The company's A1 certificate (PKCS#12): opened by OpenSSL through tls.createSecureContext, which checks the
// password and that the key matches; the certificate itself is read from a socket that was never connected.

export interface CertificadoLido {
  /** The subject's CN (for an e-CNPJ: "RAZAO SOCIAL:CNPJ"). */
  titular: string;
  /** ISO instant of notAfter. */
  validoAte: string;
}

/** The certificate's holder and end of validity, or a 400 (unreadable, wrong password, expired at `agora`). */
export function lerCertificado(pfx: Buffer, senha: string, agora: number = Date.now()): CertificadoLido {
  let x509: X509Certificate;
  try {
    const contexto = createSecureContext({ pfx, passphrase: senha });
    const soquete = new TLSSocket(null as never, { secureContext: contexto });
    const proprio = soquete.getCertificate();
    soquete.destroy();
    if (!proprio || !('raw' in proprio) || !proprio.raw) throw new Error('sem certificado');
    x509 = new X509Certificate(proprio.raw);
  } catch {
    throw new ApiError(400, [MSG_PFX_ILEGIVEL]);
  }
  const validoAte = new Date(x509.validTo);
  if (Number.isNaN(validoAte.getTime())) throw new ApiError(400, [MSG_PFX_ILEGIVEL]);
  if (validoAte.getTime() <= agora) throw new ApiError(400, [MSG_PFX_VENCIDO]);
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(x509.subject)?.[1];
  return { titular: (cn ?? x509.subject.replace(/\n/g, ', ')).slice(0, 200), validoAte: validoAte.toISOString() };
}
