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
  /** Failed logins with one device cookie within the window; past them the cookie is not trusted. */
  falhasPorDispositivo: number;
}

export const RATE_LIMIT_PADRAO: RateLimitSettings = {
  falhasPorEndereco: 30,
  falhasPorContaEndereco: 5,
  falhasAntesDoAtraso: 5,
  atrasoMaximoMs: 30_000,
  janelaMs: 15 * 60 * 1000,
  enderecoConhecidoMs: 30 * 24 * 60 * 60 * 1000,
  falhasPorDispositivo: 5,
};

/** A refused attempt: answer 429 with Retry-After. */
export interface Recusa {
  esperaMs: number;
}

/**
 * docs/decisoes.md §4, login limits that resist parallel requests and do not lock the real user out. Every attempt is
 * reserved BEFORE the slow hash (per address, then per account at that address, then the account's
 * progressive delay) and a success gives the reservations back; a failure keeps them. A refused attempt keeps
 * nothing (it cost no hash). Nothing here ever locks an account: guesses from elsewhere only slow it down, and
 * the addresses where it logged in before are not slowed at all (their own per-pair limit still holds).
 *
 * docs/decisoes.md §4, OWASP's device cookies: an attempt that presents a valid device cookie of the account
 * (cookie-dispositivo.ts) is counted on that device alone, not on the account at the address nor on the
 * account's delay, so guesses from elsewhere (even from the same address) never hold back the browser the
 * user logged in with. After `falhasPorDispositivo` failures in the window the cookie is not trusted (until
 * the window frees a slot) and the attempt falls under the account's rules like one without a cookie. The
 * per-address limit holds for every attempt. A success through the cookie forgets the device's failures
 * only: the account's counters, filled by the attacker, stay.
 * One process, in memory: a restart forgets the counts and the known addresses (not the cookies).
 */
export class LoginLimiter {
  private readonly porEndereco: SlidingWindowLimiter;
  private readonly porContaEndereco: SlidingWindowLimiter;
  private readonly atraso: ProgressiveDelay;
  private readonly porDispositivo: SlidingWindowLimiter;
  private readonly conhecidos = new Map<string, number>();

  constructor(readonly limites: RateLimitSettings) {
    this.porEndereco = new SlidingWindowLimiter(limites.falhasPorEndereco, limites.janelaMs);
    this.porContaEndereco = new SlidingWindowLimiter(limites.falhasPorContaEndereco, limites.janelaMs);
    this.atraso = new ProgressiveDelay(limites.falhasAntesDoAtraso, limites.atrasoMaximoMs, limites.janelaMs);
    this.porDispositivo = new SlidingWindowLimiter(limites.falhasPorDispositivo, limites.janelaMs);
  }

  /** Step 1, before the body is even read (so malformed bodies count too): one slot of the address. */
  iniciar(endereco: string, agora: number): TentativaLogin | Recusa {
    const espera = this.porEndereco.reservar(endereco, agora);
    if (espera !== undefined) return { esperaMs: espera };
    return new TentativaLogin(this, endereco, agora);
  }

  /**
   * @internal Step 2 of a TentativaLogin: the trusted device's slot ('dispositivo'), else the account's
   * ('conta'), else a refusal. `dispositivo`: the id of a valid device cookie of the account.
   */
  reservarConta(conta: string, endereco: string, agora: number, dispositivo?: string): Recusa | Reserva {
    if (dispositivo !== undefined && this.porDispositivo.reservar(chavePar(conta, dispositivo), agora) === undefined) return 'dispositivo';
    const par = chavePar(conta, endereco);
    const esperaPar = this.porContaEndereco.reservar(par, agora);
    if (esperaPar !== undefined) return { esperaMs: esperaPar };
    const esperaConta = this.atraso.reservar(conta, agora, this.conhecido(par, agora));
    if (esperaConta === undefined) return 'conta';
    this.porContaEndereco.liberar(par, agora);
    return { esperaMs: esperaConta };
  }

  /** @internal */
  liberarEndereco(endereco: string, agora: number): void {
    this.porEndereco.liberar(endereco, agora);
  }

  /**
   * @internal The account proved its password here: forget the device's failures and, unless the attempt
   * was counted on the device, the account's; remember the address.
   */
  sucesso(conta: string, endereco: string, agora: number, reserva: Reserva, dispositivo?: string): void {
    const par = chavePar(conta, endereco);
    this.porEndereco.liberar(endereco, agora);
    if (dispositivo !== undefined) this.porDispositivo.limpar(chavePar(conta, dispositivo));
    if (reserva === 'conta') {
      this.porContaEndereco.limpar(par);
      this.atraso.limpar(conta);
    }
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

/** Which counter took an attempt: the trusted device's own, or the account's. */
export type Reserva = 'dispositivo' | 'conta';

const chavePar = (conta: string, outra: string) => `${conta}\u0000${outra}`;

/** One attempt, holding its address slot from `iniciar` on. */
export class TentativaLogin {
  private contaReservada: string | undefined;
  private reserva: Reserva = 'conta';
  private dispositivo: string | undefined;

  constructor(
    private readonly limitador: LoginLimiter,
    private readonly endereco: string,
    private readonly agora: number,
  ) {}

  /**
   * Step 2, before the hash: the trusted device (`dispositivo`, the id of a valid device cookie of this
   * account), else the account (company + login, whatever its case) at this address and the account's delay.
   * A refusal gives everything back.
   */
  conta(empresa: string, login: string, dispositivo?: string): Recusa | undefined {
    const conta = `${empresa}:${login.toLowerCase()}`;
    const reserva = this.limitador.reservarConta(conta, this.endereco, this.agora, dispositivo);
    if (typeof reserva === 'object') {
      this.limitador.liberarEndereco(this.endereco, this.agora);
      return reserva;
    }
    this.contaReservada = conta;
    this.reserva = reserva;
    this.dispositivo = dispositivo;
    return undefined;
  }

  /** The password was right: the reservations are given back and the failures forgotten (see LoginLimiter). */
  sucesso(): void {
    if (this.contaReservada === undefined) this.limitador.liberarEndereco(this.endereco, this.agora);
    else this.limitador.sucesso(this.contaReservada, this.endereco, this.agora, this.reserva, this.dispositivo);
  }
}

export const recusada = (r: TentativaLogin | Recusa): r is Recusa => !(r instanceof TentativaLogin);
