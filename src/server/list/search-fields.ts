import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** 'date': a date column compared with AAAA-MM-DD values (only calendar dates reach the database). */
export type SearchFieldType = 'text' | 'integer' | 'decimal' | 'boolean' | 'date' | 'text-array';

export interface SearchField {
  column: PgColumn | SQL;
  type: SearchFieldType;
  /** Allowed in sort= as well (default true). */
  sortable?: boolean;
  /**
   * A code, document number or acronym (digits and capitals: CNPJ, placa, sigla, status): sorted by the
   * column itself, already the Portuguese order, so its plain index keeps serving the sort.
   */
  code?: boolean;
}

/** The allow-list of one entity: API field name → column. Anything else is refused with a 400. */
export type SearchFields = Record<string, SearchField>;
