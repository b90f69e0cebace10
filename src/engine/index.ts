// Public surface of the engine: pure TypeScript, no React, no DOM (test/engine/purity.test.ts keeps it so).
export * from './types';
export { createEngine } from './createEngine';
export { engineWith, type Engine, type ContextInput, type Validate } from './engine';
export { buildDefinitionSet, type DefinitionSet } from './definitionSet';
export {
  BASE_SITE,
  SITE_ID_PATTERN,
  sourcesFromFiles,
  sitesIn,
  configLayers,
  type DefinitionSources,
  type SourceFiles,
  type ConfigLayer,
} from './sources';
export { resolveScreen, formSchema } from './resolve';
export { validateResolved, withoutEmpty } from './validate';
export { buildPayload, payloadToForm, pageRange, readListAnswer, formFromRecord } from './payload';
export { applyOverlay, mergePatch, checkOverlay } from './overlay';
export { evaluate, holds } from './logic';
export { decimalPlaces } from './numbers';
export { resolvePlaceholders } from './placeholders';
export { fillMessage, nodeParams } from './messages';
export type { RulesDoc, RuleDef } from './rules';
export type { RecordDoc, RecordFieldDef, RecordFilterDef } from './records';
