// Every API route the server declares, in one place: app.ts registers them on the running server, and the
// definitions linter (`npm run definitions -- validate`) reads the very same declarations without starting a
// server (no database, no socket), so a screen cannot call a path, send a parameter or read an answer field
// that the server does not have.
import type { FastifyInstance } from 'fastify';
import type { FileStore } from './files/storage';
import type { ApiRoute } from './routes';
import { sessionRoutes } from './plugins/session';
import { accountRoutes } from './plugins/account';
import { configRoutes } from './plugins/config';
import { fileRoutes } from './plugins/files';
import { toneRoutes } from './plugins/tones';
import { toneUploadRoutes } from './plugins/toneUpload';
import { toneMaintenanceRoutes } from './plugins/toneMaintenance';
import { tariffRoutes } from './plugins/tariffs';
import { catalogueRoutes } from './plugins/catalogues';
import { copyrightRoutes } from './plugins/copyright';
import { batchRoutes } from './plugins/batch';
import { batchUploadRoutes } from './plugins/batchUpload';
import { batchExpiryRoutes } from './plugins/batchExpiry';
import { ivrRoutes } from './plugins/ivr';
import { nameToneRoutes } from './plugins/nameTones';
import { toneBoxRoutes } from './plugins/toneBoxes';
import { boxToneRoutes } from './plugins/boxTones';
import { operatorRoutes } from './plugins/operator';
import { notificationRoutes } from './plugins/notifications';

export function registerApiRoutes(app: FastifyInstance, store: FileStore): void {
  sessionRoutes(app);
  accountRoutes(app);
  configRoutes(app);
  fileRoutes(app, store);
  toneRoutes(app);
  toneUploadRoutes(app);
  toneMaintenanceRoutes(app, store);
  tariffRoutes(app);
  catalogueRoutes(app);
  copyrightRoutes(app);
  batchRoutes(app, store);
  batchUploadRoutes(app, store);
  batchExpiryRoutes(app);
  ivrRoutes(app);
  nameToneRoutes(app);
  toneBoxRoutes(app);
  boxToneRoutes(app);
  operatorRoutes(app, store);
  notificationRoutes(app);
}

/** The declarations as registerApiRoutes gives them to a server, collected by a stand-in that serves nothing. */
export function apiRouteTable(): ApiRoute[] {
  const recorder = { apiRoutes: [] as ApiRoute[], route: () => recorder };
  // Handlers are declared, never run, so no file store is needed.
  registerApiRoutes(recorder as unknown as FastifyInstance, undefined as unknown as FileStore);
  return recorder.apiRoutes;
}
