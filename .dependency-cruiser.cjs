// The import structure the code keeps (npm run lint): no import cycles, the HTTP client below the user interface,
// the engine free of React and the DOM (the server runs it too), and the renderers sharing ui/runtime rather
// than reaching into one another. A dynamic import() is a lazily loaded chunk, not a static loop, so cycles
// through one are allowed (a form opens a dialog that shows a form).
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A static import cycle: modules that cannot be loaded or understood one without the other.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'api-below-ui',
      severity: 'error',
      comment: 'src/api reports to the user through the ApiReporter the shell registers, never by importing src/ui.',
      from: { path: '^src/api/' },
      to: { path: '^src/ui/' },
    },
    {
      name: 'engine-pure',
      severity: 'error',
      comment: 'src/engine runs in the browser and on the server: no React, no DOM, no user interface, no server.',
      from: { path: '^src/engine/' },
      to: { path: ['^src/(ui|api|server)/', '^node_modules/(react|react-dom|@rjsf|@tanstack|wouter)/'] },
    },
    {
      name: 'renderers-share-runtime',
      severity: 'error',
      comment: 'Lists, widgets and the shell use ui/runtime; only pages (which choose a renderer) import ui/form.',
      from: { path: '^src/ui/(list|widgets|shell)/', pathNot: '^src/ui/shell/pages/' },
      to: { path: '^src/ui/form/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.d\\.ts$' },
  },
};
