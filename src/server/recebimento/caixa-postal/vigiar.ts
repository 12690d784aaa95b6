import type { ContaImap } from './conta';
import { clienteImap } from './ler-caixa-postal';
import { mensagemErroImap } from './erros-imap';

// IDLE (issue 30): a connection kept open on the folder; when the server says a message arrived ("EXISTS" grew) the
// caller runs the mailbox job at once instead of waiting for the interval. Servers without IDLE are polled by
// imapflow with NOOP. The job itself reads with its own connection (a connection in IDLE cannot fetch meanwhile).

/** Watches the folder; `aoChegar` is called when messages arrive. Answers the function that stops watching. */
export async function vigiar(conta: ContaImap, aoChegar: () => void, aoFalhar?: (mensagem: string) => void): Promise<() => Promise<void>> {
  const cliente = clienteImap(conta, { idle: true });
  let parado = false;
  try {
    await cliente.connect();
    await cliente.mailboxOpen(conta.pasta);
  } catch (e) {
    cliente.close();
    throw new Error(mensagemErroImap(e, conta), { cause: e });
  }
  let anterior = cliente.mailbox ? cliente.mailbox.exists : 0;
  cliente.on('exists', (dados: { count: number; prevCount: number }) => {
    if (dados.count > Math.min(anterior, dados.prevCount)) aoChegar();
    anterior = dados.count;
  });
  cliente.on('close', () => {
    if (!parado) aoFalhar?.(`A conexão de espera com a caixa postal ${conta.host}:${conta.porta} caiu; a leitura segue pelo intervalo.`);
  });
  void cliente.idle().catch(() => undefined);
  return async () => {
    parado = true;
    if (cliente.usable) await cliente.logout().catch(() => cliente.close());
    else cliente.close();
  };
}
