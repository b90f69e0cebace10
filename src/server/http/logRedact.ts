// Request logs never carry secrets: a password sent in a query string (GET sp/checkweakpwd?pwd=...) is
// masked before the URL is logged. Bodies are not logged at all.
const SECRET_PARAMS = /([?&](?:pwd|oldPwd|newPwd|confirmPwd|password|dynamicCode|pictureCode|spvCode)=)[^&]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1***');

export const requestSerializer = (req: { method: string; url: string; ip?: string }) => ({
  method: req.method,
  url: redactUrl(req.url),
  remoteAddress: req.ip,
});

/** The server's logger options (main.ts passes its log file's stream; tests a stream to read what would be logged). */
export const serverLogger = (level: string, stream?: { write(line: string): void }) => ({
  level,
  serializers: { req: requestSerializer },
  ...(stream ? { stream } : {}),
});
