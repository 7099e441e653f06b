// Database tasks for npm scripts: `node src/server/db/cli.ts migrate|seed|reset` (Node 24 runs the TypeScript).
import { getConfig } from '../../shared/config.server.ts';
import { installDemoVideos } from '../content/video.install.ts';
import { log } from '../log.ts';
import { mediaStoreFromConfig } from '../media/media.config.ts';
import { createDatabase } from './connection.ts';
import { migrateToLatest } from './migrate.ts';
import { resetDatabase } from './reset.ts';
import { seedDemo } from './seed.ts';

export async function prepareDatabase(task: 'migrate' | 'seed' | 'reset'): Promise<void> {
  const config = getConfig();
  if (task === 'reset') {
    if (config.NODE_ENV === 'production') throw new Error('db:reset refuses to run with NODE_ENV=production');
    await resetDatabase(config.DATABASE_URL);
  }
  const db = createDatabase(config.DATABASE_URL);
  try {
    const applied = await migrateToLatest(db);
    log.info({ applied }, applied.length ? 'migrated' : 'database is up to date');
    if (task !== 'migrate') {
      const seeded = await seedDemo(db, config.PUBLIC_ORG_KEY);
      log.info(seeded ? 'seeded the demo organization "Terrace FC"' : 'seed skipped: the database has data');
      // The demo videos' clips live in the media store like any stored file (a no-op once they are there). The
      // first use of the store at start: a bucket that cannot be reached stops here, named.
      const media = mediaStoreFromConfig(config);
      const copied = await installDemoVideos(media).catch((error: unknown) => {
        throw new Error(`${config.MEDIA_STORE ? 'MEDIA_STORE' : 'MEDIA_DIR'}: the media store ${media.where} could not be used: ${(error as Error).message}`, { cause: error });
      });
      log.info({ media: media.where, copied }, copied > 0 ? 'installed the demo video clips into the media store' : 'media store ready');
    }
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) {
  const task = process.argv[2];
  if (task !== 'migrate' && task !== 'seed' && task !== 'reset') {
    console.error('usage: node src/server/db/cli.ts migrate|seed|reset');
    process.exit(2);
  }
  prepareDatabase(task).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
