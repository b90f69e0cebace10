// The engine with its validator loaded: what the server, the CLIs, the benches and the tests use. The browser
// builds the same engine (engineWith) and hands it the validator once a form or a search needs it.
import type { DefinitionSet } from './definitionSet';
import { engineWith, type Engine } from './engine';
import { validateResolved } from './validate';

export const createEngine = (set: DefinitionSet): Engine => engineWith(set, validateResolved);
