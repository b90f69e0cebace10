// Every API route the server declares, in one place: app.ts registers them on the running server, and the
// definitions linter (`npm run definitions -- validate`) reads the very same declarations without starting a
// server (no database, no socket), so a screen cannot call a path, send a parameter or read an answer field
// that the server does not have.
import type { FastifyInstance } from 'fastify';
import type { FileStore } from './files/storage';
import type { ApiRoute } from './http/route';
import { sessionRoutes } from './routes/session';
import { accountRoutes } from './routes/account';
import { configRoutes } from './routes/config';
import { fileRoutes } from './routes/files';
import { toneRoutes } from './routes/tones';
import { toneUploadRoutes } from './routes/toneUpload';
import { toneMaintenanceRoutes } from './routes/toneMaintenance';
import { tariffRoutes } from './routes/tariffs';
import { catalogueRoutes } from './routes/catalogues';
import { copyrightRoutes } from './routes/copyright';
import { batchRoutes } from './routes/batch';
import { batchUploadRoutes } from './routes/batchUpload';
import { batchExpiryRoutes } from './routes/batchExpiry';
import { ivrRoutes } from './routes/ivr';
import { nameToneRoutes } from './routes/nameTones';
import { toneBoxRoutes } from './routes/toneBoxes';
import { boxToneRoutes } from './routes/boxTones';
import { operatorRoutes } from './routes/operator';
import { notificationRoutes } from './routes/notifications';
import { homeRoutes } from './routes/home';

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
  homeRoutes(app);
}

/** The declarations as registerApiRoutes gives them to a server, collected by a stand-in that serves nothing. */
export function apiRouteTable(): ApiRoute[] {
  const recorder = { apiRoutes: [] as ApiRoute[], route: () => recorder };
  // Handlers are declared, never run, so no file store is needed.
  registerApiRoutes(recorder as unknown as FastifyInstance, undefined as unknown as FileStore);
  return recorder.apiRoutes;
}
