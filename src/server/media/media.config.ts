import type { Config } from '../../shared/config.server.ts';
import { folderMediaStore } from './media.folder-store.ts';
import { s3MediaStore } from './media.s3-store.ts';
import type { MediaStore } from './media.store.ts';

/** The store the configuration names (src/shared/config.server.ts checked every value at start). */
export function mediaStoreFromConfig(config: Config): MediaStore {
  const bucket = config.MEDIA_STORE;
  if (!bucket) return folderMediaStore(config.MEDIA_DIR);
  return s3MediaStore({
    ...bucket,
    region: config.MEDIA_STORE_REGION,
    endpoint: config.MEDIA_STORE_ENDPOINT,
    pathStyle: config.MEDIA_STORE_PATH_STYLE === 'on',
    credentials: config.MEDIA_STORE_ACCESS_KEY_ID && config.MEDIA_STORE_SECRET_ACCESS_KEY
      ? { accessKeyId: config.MEDIA_STORE_ACCESS_KEY_ID, secretAccessKey: config.MEDIA_STORE_SECRET_ACCESS_KEY }
      : undefined,
  });
}
