// One finding of the definitions lint (validate), with where it is, so an integrator can go to it.
export interface Problem {
  file: string;
  path: string;
  reason: string;
  /** Warnings are listed apart and do not fail validate. */
  severity?: 'warning';
  line?: number;
  column?: number;
}
