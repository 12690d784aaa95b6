/** How an actor reports a failed call: status absent means the network failed (no answer). */
export interface CallFailure {
  status?: number;
  mensagens?: string[];
}

export function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}
