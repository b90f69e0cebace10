// The answer envelope every call returns and the return codes the client itself knows about (000 §8).

export interface Answer<R = any> {
  returnCode?: string;
  returnMsg?: string;
  record?: R;
  recordSum?: number | string;
  [key: string]: unknown;
}

export const SUCCESS = '000000';
export const SESSION_EXPIRED = '900000';
export const MOST_RELATIVE = '100010';

/** Handed back to the caller without an error toast: the screen decides what to show (000 §8). */
export const PASS_THROUGH: ReadonlySet<string> = new Set([
  '312011',
  '900014',
  '920013',
  '201002',
  '942201',
  '942202',
  '900439',
  '900440',
  '302031',
  '312022',
  '956012',
]);

/** An answer or transport failure the client has already shown to the user (toast or dialog). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly answer?: Answer,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
