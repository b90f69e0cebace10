// Jest projects: one per kind of test, so `npm test` runs them all and each can be run alone
// (`npx jest --selectProjects engine`). TypeScript is transformed by SWC (fast, no type check;
// the type check is its own step of `npm test`).
const transform = {
  // .mts: the build's own modules (vite/), which tests of what the build leaves out import.
  '^.+\\.((t|j)sx?|mts)$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
      module: { type: 'commonjs' },
    },
  ],
};
// ESM-only packages that tests may reach are transformed too.
const transformIgnorePatterns = ['/node_modules/(?!(ky|date-fns|date-fns-jalali)/)'];
const moduleFileExtensions = ['js', 'mjs', 'cjs', 'jsx', 'ts', 'tsx', 'mts', 'json', 'node'];
const base = { transform, transformIgnorePatterns, moduleFileExtensions, testEnvironment: 'node' };
// API files whose subject is decided before any query, so the PostgreSQL pass of `npm test` would repeat them to
// the letter (issue 24, duplicate coverage): the capability gate (definitions, configuration and session; a
// configuration change on PostgreSQL has its own test, configGeneration) and the multipart parser's refusals.
// Also the files whose subject is the media files and where they are kept (the audio checks and transcoding by
// ffmpeg, S3-compatible storage): the rows they write go through the services the PostgreSQL pass covers in
// toneUpload, upload and lifecycle, and the transcoding queue on PostgreSQL has its own test (transcodeDurable).
const ONE_DATABASE = ['gate', 'multipartBodies', 'audio', 'objectStorage'].map((f) => `/test/api/${f}\\.test\\.ts$`);
const projects = [
  { ...base, displayName: 'engine', testMatch: ['<rootDir>/test/engine/**/*.test.ts'] },
  { ...base, displayName: 'definitions', testMatch: ['<rootDir>/test/definitions/**/*.test.ts'] },
  // The demo data seeded once per run and site; every test server starts from a copy (test/api/seeded.ts).
  {
    ...base,
    displayName: 'server',
    testMatch: ['<rootDir>/test/api/**/*.test.ts'],
    testPathIgnorePatterns: process.env.TEST_DB === 'postgres' ? ONE_DATABASE : [],
    globalSetup: '<rootDir>/test/api/seedsGlobalSetup.ts',
    globalTeardown: '<rootDir>/test/api/seedsGlobalTeardown.ts',
  },
  // Pure rules of the React renderers and widgets (list state, form state, date values), run in Node.
  {
    ...base,
    displayName: 'ui',
    testMatch: ['<rootDir>/test/ui/**/*.test.ts'],
    moduleNameMapper: {
      '\\.css$': '<rootDir>/test/ui/styleStub.cjs',
      // The build's language list (vite.config.mts, plugin languages), read from i18n/languages.json.
      '^virtual:languages$': '<rootDir>/test/ui/languagesStub.ts',
    },
  },
  // One build of the portal and the server and one shared Chromium per run (test/e2e/support/globalSetup.ts).
  {
    ...base,
    displayName: 'e2e',
    testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    globalSetup: '<rootDir>/test/e2e/support/globalSetup.ts',
    globalTeardown: '<rootDir>/test/e2e/support/globalTeardown.ts',
  },
];
// JEST_PROJECTS=e2e (npm run test:e2e -- <file> [jest flags]) keeps only the named projects: --selectProjects would
// take the file names that follow it for project names.
const only = process.env.JEST_PROJECTS?.split(',');
module.exports = {
  projects: only ? projects.filter((p) => only.includes(p.displayName)) : projects,
  testSequencer: '<rootDir>/test/sequencer.cjs',
};
