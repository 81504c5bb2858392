import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalFileStore, type FileStore } from './file-store.ts';
import { createS3FileStore } from './file-store-s3.ts';

/** The configured store: local disk under DATA_DIR/files, or the bucket FILE_STORE names. */
export function createFileStore(config: Config): FileStore {
  const store = config.fileStore;
  return store.kind === 's3' ? createS3FileStore(store) : createLocalFileStore(path.join(config.dataDir, 'files'));
}
