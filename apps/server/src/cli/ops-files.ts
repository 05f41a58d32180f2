import { FILE_STORAGE_KINDS, type FileStorageKind } from '../config';
import { createFileStorage } from '../platform/storage';
import { UsageError, type Command } from './ops-common';

/** Every stored file the product refers to: KYC files and appeal evidence (later uploads add their tables here). */
async function referencedFiles(ctx: Parameters<Command['run']>[0]): Promise<{ storageName: string; size: number }[]> {
  const kyc = await ctx.db.selectFrom('kyc_files').select(['storage_name', 'size']).where('deleted_at', 'is', null).execute();
  const evidence = await ctx.db.selectFrom('dispute_files').select(['storage_name', 'size']).execute();
  return [...kyc, ...evidence].map((r) => ({ storageName: r.storage_name, size: r.size }));
}

/** Operator commands about where uploaded files live (platform/storage.ts). */
export const FILE_COMMANDS: Record<string, Command> = {
  'files:migrate-storage': {
    summary:
      'move every stored file to another storage (disk: DATA_DIR/uploads; database: in the database, for several API nodes); run it before switching FILE_STORAGE, nodes may keep serving meanwhile',
    usage: 'files:migrate-storage --to database|disk [--keep-source]',
    options: { to: { type: 'string' }, 'keep-source': { type: 'boolean' } },
    async run(ctx, values) {
      const to = typeof values.to === 'string' ? (values.to as FileStorageKind) : undefined;
      if (!to || !FILE_STORAGE_KINDS.includes(to)) throw new UsageError(`--to must be one of ${FILE_STORAGE_KINDS.join(', ')}`);
      const from: FileStorageKind = to === 'database' ? 'disk' : 'database';
      const source = createFileStorage(from, ctx.config.dataDir);
      const target = createFileStorage(to, ctx.config.dataDir);
      let moved = 0;
      let present = 0;
      const missing: string[] = [];
      for (const f of await referencedFiles(ctx)) {
        if ((await target.get(ctx.db, f.storageName)) !== null) {
          present += 1;
          continue;
        }
        const content = await source.get(ctx.db, f.storageName);
        if (content === null || content.length !== f.size) {
          missing.push(f.storageName);
          continue;
        }
        // Written and checked before the source copy goes, so a stop half-way loses nothing: run it again.
        await ctx.db.transaction().execute((trx) => target.putAs(trx, f.storageName, content));
        const copied = await target.get(ctx.db, f.storageName);
        if (!copied?.equals(content)) throw new Error(`the copy of ${f.storageName} does not match its source`);
        if (values['keep-source'] !== true) await source.remove(ctx.db, f.storageName);
        moved += 1;
      }
      console.log(`moved ${moved} files to ${to}; ${present} were there already; ${missing.length} missing in ${from}`);
      for (const name of missing) console.log(`missing: ${name}`);
      if (missing.length > 0) process.exitCode = 1;
    },
  },
};
