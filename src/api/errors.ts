// The error catalogue of 000 §8 in one place: what the user sees for every answer code and transport failure.
// Call sites only ever see a resolved answer (success or a pass-through code) or an ApiError that has already
// been shown.
import { ApiError, MOST_RELATIVE, PASS_THROUGH, SESSION_EXPIRED, SUCCESS, type Answer } from './answer';
import { reporter } from './reporter';

const TOAST_MS = 2000;
const loginPath = () => reporter().loginPath ?? '/login';

const onLoginPage = () => typeof location !== 'undefined' && location.pathname === loginPath();

/** Clear the session and open the login page (a full load, so no state of the old session survives). */
function goToLogin(): void {
  reporter().clearSession();
  if (typeof location !== 'undefined') location.assign(loginPath());
}

/** One non-closable dialog however many calls fail at once; its only button logs in again. */
async function askToLogIn(message: string): Promise<void> {
  if (reporter().showing(message)) return;
  await reporter().acknowledge({ title: 'request.sessionTitle', message, okLabel: 'request.relogin' });
  goToLogin();
}

export function sessionExpired(): ApiError {
  void askToLogIn('request.sessionExpired');
  return new ApiError(SESSION_EXPIRED, 'session expired');
}

/**
 * Decide what an answer means. Success and the pass-through codes (and the call's own extra success codes)
 * resolve; a missing code or 900000 raises the session-expired dialog; anything else shows returnMsg for 2 s
 * (unless the caller asks for quiet and shows the ApiError's message itself).
 */
export function checkAnswer<R>(answer: Answer<R>, passCodes: readonly string[] = [], quiet = false): Answer<R> {
  const code = answer?.returnCode;
  if (code === SUCCESS || (code && (PASS_THROUGH.has(code) || passCodes.includes(code)))) return answer;
  if (!code || code === SESSION_EXPIRED) throw sessionExpired();
  const message = code === MOST_RELATIVE ? 'request.mostRelative' : answer.returnMsg || 'request.error';
  // A quiet call shows the refusal itself, where it belongs (the login page's one banner), instead of a toast.
  if (!quiet) reporter().error(message, TOAST_MS);
  throw new ApiError(code, message, answer);
}

/** HTTP 403: the CSRF token or the session is gone. On the login page a refresh fixes it; elsewhere log in again. */
export function forbidden(): ApiError {
  if (onLoginPage()) {
    if (!reporter().showing('request.pageExpired')) {
      void reporter()
        .acknowledge({ title: 'request.pageExpiredTitle', message: 'request.pageExpired', okLabel: 'request.refresh' })
        .then(() => location.reload());
    }
  } else {
    void askToLogIn('request.loggedOut');
  }
  return new ApiError('403', 'forbidden', undefined, 403);
}

export function networkFailure(kind: 'timeout' | 'network' | 'server', status?: number): ApiError {
  const message =
    kind === 'timeout' ? 'request.timeout' : kind === 'server' ? 'request.serverError' : 'request.networkError';
  reporter().error(message, TOAST_MS);
  return new ApiError(kind, message, undefined, status);
}

/** A download answered without a Content-Disposition header: the file is gone (000 §8). */
export function fileMissing(): ApiError {
  reporter().error('request.fileNotExist', TOAST_MS);
  return new ApiError('file', 'file not exist');
}

/**
 * A download answered with any status but 200 (an export failing with 500, a file the server no longer gives):
 * the same non-closable confirmation as a lost session, asking to log in again (001 §8, 001 §7 sp/download).
 */
export function downloadRefused(status: number): ApiError {
  void askToLogIn('request.loggedOut');
  return new ApiError(String(status), 'download refused', undefined, status);
}
