// The client sits below the user interface: it decides what an answer means, and reports what the person must
// see (an error, a lost session) through this interface, which the shell registers at start
// (src/ui/shell/feedback/apiReporter.ts). Until one is registered (a script, a unit test) reports go to the console.

/** A warning the person must acknowledge with its one button: no cancel, no close. */
export interface Notice {
  title: string;
  message: string;
  okLabel: string;
}

export interface ApiReporter {
  /** A short error message (an i18n key or the server's text), shown for durationMs. */
  error(message: string, durationMs: number): void;
  /** Resolves when the notice's button is pressed. */
  acknowledge(notice: Notice): Promise<void>;
  /** Is a notice with this message on screen now? Many calls failing at once raise one notice. */
  showing(message: string): boolean;
  /** Forget the stored session (before the login page opens). */
  clearSession(): void;
  /** Where signing in again happens (the portal's /login unless the application says: the console's). */
  loginPath?: string;
}

const consoleReporter: ApiReporter = {
  error: (message) => console.warn(`API error: ${message}`),
  acknowledge: async (notice) => console.warn(`API notice: ${notice.message}`),
  showing: () => false,
  clearSession: () => {},
};

let current: ApiReporter = consoleReporter;

export function registerApiReporter(reporter: ApiReporter): void {
  current = reporter;
}

export const reporter = (): ApiReporter => current;
