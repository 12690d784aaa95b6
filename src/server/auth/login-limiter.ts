import { ProgressiveDelay } from './progressive-delay';
import { SlidingWindowLimiter } from './sliding-window-limiter';

export interface RateLimitSettings {
  /** Login attempts per client address within the window (a success gives its slot back). */
  falhasPorEndereco: number;
  /** Failed logins of one account (company + login) from one address within the window. */
  falhasPorContaEndereco: number;
  /** Attempts of one account from anywhere before each further one waits (see ProgressiveDelay). */
  falhasAntesDoAtraso: number;
  /** The longest wait between two attempts of one account. */
  atrasoMaximoMs: number;
  janelaMs: number;
  /** How long an address where the account logged in stays exempt from the account's delay. */
  enderecoConhecidoMs: number;
}

export const RATE_LIMIT_PADRAO: RateLimitSettings = {
  falhasPorEndereco: 30,
  falhasPorContaEndereco: 5,
  falhasAntesDoAtraso: 5,
  atrasoMaximoMs: 30_000,
  janelaMs: 15 * 60 * 1000,
  enderecoConhecidoMs: 30 * 24 * 60 * 60 * 1000,
};

/** A refused attempt: answer 429 with Retry-After. */
export interface Recusa {
  esperaMs: number;
}

/**
 * Issue 12, login limits that resist parallel requests and do not lock the real user out. Every attempt is
 * reserved BEFORE the slow hash (per address, then per account at that address, then the account's
 * progressive delay) and a success gives the reservations back; a failure keeps them. A refused attempt keeps
 * nothing (it cost no hash). Nothing here ever locks an account: guesses from elsewhere only slow it down, and
 * the addresses where it logged in before are not slowed at all (their own per-pair limit still holds).
 * One process, in memory: a restart forgets the counts and the known addresses.
 */
export class LoginLimiter {
  private readonly porEndereco: SlidingWindowLimiter;
  private readonly porContaEndereco: SlidingWindowLimiter;
  private readonly atraso: ProgressiveDelay;
  private readonly conhecidos = new Map<string, number>();

  constructor(readonly limites: RateLimitSettings) {
    this.porEndereco = new SlidingWindowLimiter(limites.falhasPorEndereco, limites.janelaMs);
    this.porContaEndereco = new SlidingWindowLimiter(limites.falhasPorContaEndereco, limites.janelaMs);
    this.atraso = new ProgressiveDelay(limites.falhasAntesDoAtraso, limites.atrasoMaximoMs, limites.janelaMs);
  }

  /** Step 1, before the body is even read (so malformed bodies count too): one slot of the address. */
  iniciar(endereco: string, agora: number): TentativaLogin | Recusa {
    const espera = this.porEndereco.reservar(endereco, agora);
    if (espera !== undefined) return { esperaMs: espera };
    return new TentativaLogin(this, endereco, agora);
  }

  /** @internal Step 2 of a TentativaLogin. */
  reservarConta(conta: string, endereco: string, agora: number): Recusa | undefined {
    const par = chavePar(conta, endereco);
    const esperaPar = this.porContaEndereco.reservar(par, agora);
    if (esperaPar !== undefined) return { esperaMs: esperaPar };
    const esperaConta = this.atraso.reservar(conta, agora, this.conhecido(par, agora));
    if (esperaConta === undefined) return undefined;
    this.porContaEndereco.liberar(par, agora);
    return { esperaMs: esperaConta };
  }

  /** @internal */
  liberarEndereco(endereco: string, agora: number): void {
    this.porEndereco.liberar(endereco, agora);
  }

  /** @internal The account proved its password here: forget its failures, remember the address. */
  sucesso(conta: string, endereco: string, agora: number): void {
    const par = chavePar(conta, endereco);
    this.porEndereco.liberar(endereco, agora);
    this.porContaEndereco.limpar(par);
    this.atraso.limpar(conta);
    this.conhecidos.delete(par);
    this.conhecidos.set(par, agora + this.limites.enderecoConhecidoMs);
    // Oldest first (insertion order): bounded even if many accounts log in from many addresses.
    if (this.conhecidos.size > 50_000) this.conhecidos.delete(this.conhecidos.keys().next().value!);
  }

  private conhecido(par: string, agora: number): boolean {
    const ate = this.conhecidos.get(par);
    return ate !== undefined && ate > agora;
  }
}

const chavePar = (conta: string, endereco: string) => `${conta}\u0000${endereco}`;

/** One attempt, holding its address slot from `iniciar` on. */
export class TentativaLogin {
  private contaReservada: string | undefined;

  constructor(
    private readonly limitador: LoginLimiter,
    private readonly endereco: string,
    private readonly agora: number,
  ) {}

  /**
   * Step 2, before the hash: the account (company + login, whatever its case) at this address and the
   * account's delay. A refusal gives everything back.
   */
  conta(empresa: string, login: string): Recusa | undefined {
    const conta = `${empresa}:${login.toLowerCase()}`;
    const recusa = this.limitador.reservarConta(conta, this.endereco, this.agora);
    if (recusa) this.limitador.liberarEndereco(this.endereco, this.agora);
    else this.contaReservada = conta;
    return recusa;
  }

  /** The password was right: the reservations are given back and the account's failures forgotten. */
  sucesso(): void {
    if (this.contaReservada === undefined) this.limitador.liberarEndereco(this.endereco, this.agora);
    else this.limitador.sucesso(this.contaReservada, this.endereco, this.agora);
  }
}

export const recusada = (r: TentativaLogin | Recusa): r is Recusa => !(r instanceof TentativaLogin);
