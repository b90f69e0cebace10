/** A job that stopped before its end because its process is closing or lost the job's lease: it runs again later, resumed by line. */
export class StoppedError extends Error {
  constructor(reason = 'the worker stopped') {
    super(reason);
  }
}
