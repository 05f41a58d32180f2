/**
 * What every table's columns share. Portable across SQLite and PostgreSQL: integer ids, UTC epoch-millisecond
 * timestamps in bigint columns, 0/1 integer flags, money as integer minor units.
 */
export type Flag = 0 | 1;
