// Which catalogue keys the first page needs. The catalogues are split in two parts per language (see the
// i18n-parts plugin in vite.config.mts): `core` (the public pages, the frame, the client's messages) loads with
// the app; `rest` (every screen's texts) loads when a screen that needs it opens. The login page stays small
// however large the catalogues grow.
export const CORE_PREFIXES = ['App.', 'Auth.', 'Common.', 'CommonRes.', 'Footer.', 'Login.', 'Validation.', 'request.'];

export const isCoreKey = (key: string): boolean => CORE_PREFIXES.some((p) => key.startsWith(p));

/**
 * Keys only the server reads, left out of both parts: an answer's text (`ReturnCode.<code>`) is written by the
 * server in the session's language and arrives as the answer's returnMsg, which the browser shows as it is; no
 * code of the browser names a return code's key (about 3 KB gzip over the three catalogues, issue 24).
 */
const SERVER_PREFIXES = ['ReturnCode.'];

export const isServerKey = (key: string): boolean => SERVER_PREFIXES.some((p) => key.startsWith(p));
