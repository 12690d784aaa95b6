// Manifest (romaneio) statuses (spec 03 §3 "Freight-cost manifest", "Service-order manifest", §4 "Manifest
// status"; docs/decisoes.md §24). The lifecycles are machines/romaneio-frete.ts and machines/romaneio-os.ts.

/** EXPEDICAO is the status of a new manifest. */
export const STATUS_ROMANEIO = ['EXPEDICAO', 'FATURAMENTO', 'FINALIZADO', 'CANCELADO'] as const;
export type StatusRomaneio = (typeof STATUS_ROMANEIO)[number];
export const ROTULO_STATUS_ROMANEIO: Record<StatusRomaneio, string> = {
  EXPEDICAO: 'Expedição',
  FATURAMENTO: 'Faturamento',
  FINALIZADO: 'Finalizado',
  CANCELADO: 'Cancelado',
};

/** A service-order manifest's item: EXPEDIDO (from a service order), FATURADO (its invoice is known), CANCELADO. */
export const STATUS_ITEM_ROMANEIO_OS = ['EXPEDIDO', 'FATURADO', 'CANCELADO'] as const;
export type StatusItemRomaneioOs = (typeof STATUS_ITEM_ROMANEIO_OS)[number];
/** Where a service-order manifest's item came from (spec §3 "Item origem"). */
export const ORIGENS_ITEM_ROMANEIO_OS = ['NOTA_FISCAL', 'OS'] as const;
export type OrigemItemRomaneioOs = (typeof ORIGENS_ITEM_ROMANEIO_OS)[number];

/** Spec §8: cancelling a manifest cannot be undone (the words are ours). */
export const MSG_AVISO_CANCELAR_ROMANEIO = 'Atenção: o cancelamento do romaneio não pode ser desfeito. Deseja cancelar o romaneio?';
/** Spec §4: the two confirmation questions of the freight-cost manifest (the words are ours). */
export const PERGUNTA_ENVIAR_FATURAMENTO = 'Enviar o romaneio para o faturamento?';
export const PERGUNTA_FINALIZAR_ROMANEIO = 'Finalizar o romaneio? Depois de finalizado ele não poderá mais ser editado.';
