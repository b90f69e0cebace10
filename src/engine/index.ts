// Public surface of the engine: pure TypeScript, no React, no DOM (test/engine/purity.test.ts keeps it so).
export * from './types';
export { createEngine } from './createEngine';
export { engineWith, type Engine, type ContextInput, type Validate } from './engine';
export { buildDefinitionSet, type DefinitionSet } from './definitionSet';
export {
  BASE_SITE,
  sourcesFromFiles,
  configLayers,
  type DefinitionSources,
  type SourceFiles,
  type ConfigLayer,
} from './sources';
export { formSchema } from './resolve';
export { validateResolved } from './validate';
export { payloadToForm, pageRange, readListAnswer, formFromRecord } from './payload';
export { evaluate, holds } from './logic';
export { fillMessage } from './messages';
export type { RulesDoc, RuleDef } from './rules';
export type { RecordDoc, RecordFieldDef, RecordFilterDef } from './records';
