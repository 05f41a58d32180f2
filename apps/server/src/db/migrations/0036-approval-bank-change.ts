import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex } from './schema-kit';

const INDEXES: [string, string[]][] = [
  ['approval_requests_list_idx', ['merchant_id', 'created_at', 'id']],
  ['approval_requests_status_idx', ['merchant_id', 'status', 'created_at', 'id']],
  ['approval_requests_expiry_idx', ['status', 'expires_at']],
];

/**
 * A bank-account change held for a second approver (domains/approvals/README.md) belongs to the whole
 * merchant, not to one gateway: `approval_requests.gateway_id` may be null. PostgreSQL drops the
 * constraint; SQLite cannot, so the table is built again from its own definition, with its rows and indexes.
 */
export function approvalBankChangeMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table approval_requests alter column gateway_id drop not null`.execute(db);
        return;
      }
      // The table as 0031 made it, but for the one constraint: read from SQLite's own record of it.
      const made = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'approval_requests'`.execute(
        db,
      );
      const create = String(made.rows[0]?.sql ?? '');
      const relaxed = create
        .replace('"gateway_id" bigint not null', '"gateway_id" bigint')
        .replace('"approval_requests"', '"approval_requests_new"');
      if (relaxed === create || !relaxed.includes('"approval_requests_new"')) throw new Error('approval_requests: unexpected definition');
      await sql.raw(relaxed).execute(db);
      await sql`insert into approval_requests_new select * from approval_requests`.execute(db);
      await db.schema.dropTable('approval_requests').execute();
      await db.schema.alterTable('approval_requests_new').renameTo('approval_requests').execute();
      for (const [name, columns] of INDEXES) await createIndex(db, name, 'approval_requests', columns);
    },
    async down() {
      // Not reversible without losing held bank changes; a database is restored from a backup instead.
    },
  };
}
