import type { Page } from '../../contracts/common';

export function pageOf<T>(content: T[], totalElements: number, number: number, size: number): Page<T> {
  return { content, totalElements, totalPages: Math.ceil(totalElements / size), number, size };
}
