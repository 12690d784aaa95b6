import { badRequest } from '../http/api-error';

/** Rows to skip for a page; absurd pages are refused before they reach the database. */
export function listOffset(page: number, size: number): number {
  const offset = page * size;
  if (!Number.isSafeInteger(offset) || offset > 1_000_000_000) throw badRequest('A página solicitada está além do limite permitido.');
  return offset;
}
