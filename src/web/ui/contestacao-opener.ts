import { criarBus } from '../bus';

/** What a dispute dialog opens on: a new dispute of CT-es, fatura lines or a whole fatura (with a line saying what), or a stored one. */
export type PedidoContestacao = { ctes: number[] } | { linhas: number[] } | { fatura: number };
export type AlvoContestacao = { pedido: PedidoContestacao; sobre: string } | { id: number };

const aberturas = criarBus<AlvoContestacao>();

/**
 * Opens the dispute dialog (issue 29) over any screen or dialog: the shell hosts it and listens here, so the
 * fatura dialog and the CT-e detail open it without importing the disputes feature. Closing it gives the focus
 * back to where it was opened from (the focus stack).
 */
export const contestacaoOpener = { abrir: aberturas.publicar, assinar: aberturas.assinar };
