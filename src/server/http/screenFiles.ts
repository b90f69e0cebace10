// A saved file sent for a screen's file field (an IVR prompt, a name tone's recording): checked against that
// field's file rules (ui: accept, wav) as the caller's site and configuration resolve the screen, so the server
// applies exactly what the browser showed and checked.
import type { SessionRequest } from './route';
import { engineFor, type Violation } from '../validation';
import { savedFileProblem } from '../services/uploadedFiles';

/** The file's problem for `field` of `screen`, with `notYours` as the message for a file that is not the caller's. */
export async function screenFileProblem(
  req: SessionRequest,
  screen: string,
  field: string,
  savedFilename: string,
  notYours: string,
): Promise<Violation | null> {
  const s = req.session;
  const resolved = engineFor(s.provider.site)
    .resolve(screen, { config: s.config, user: {} })
    .fields.find((f) => f.name === field);
  return savedFileProblem(req.server.ctx.db, s.provider.id, savedFilename, field, resolved?.ui ?? {}, notYours);
}
