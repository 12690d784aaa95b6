import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export type SearchFieldType = 'text' | 'integer' | 'decimal' | 'boolean' | 'text-array';

export interface SearchField {
  column: PgColumn | SQL;
  type: SearchFieldType;
  /** Allowed in sort= as well (default true). */
  sortable?: boolean;
}

/** The allow-list of one entity: API field name → column. Anything else is refused with a 400. */
export type SearchFields = Record<string, SearchField>;
