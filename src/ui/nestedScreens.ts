// The renderers a screen may show inside another (see runtime/nestedScreens.ts), each a lazy chunk. Registered by
// the application's entry (main.tsx) and the e2e harness; nothing else imports this module, so no renderer
// depends on another through it.
import { lazy } from 'react';
import type { NestedScreens } from './runtime/nestedScreens';

export const lazyNestedScreens: NestedScreens = {
  ListScreen: lazy(() => import('./list/ListScreen').then((m) => ({ default: m.ListScreen }))),
  ScreenDialog: lazy(() => import('./dialog/ScreenDialog').then((m) => ({ default: m.ScreenDialog }))),
  SelectionDialog: lazy(() => import('./list/SelectionDialog').then((m) => ({ default: m.SelectionDialog }))),
};
