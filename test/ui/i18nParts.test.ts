// The catalogue parts as the build writes them: grouped by the keys' first segment, and flattened back on load to
// the very map the engine resolved (every key and text of every language, keys with more dots or none included).
import { loadCatalogueFromDisk, loadLanguagesFromDisk } from '../../src/engine/fsLoader';
import { flatPart, nestPart } from '../../src/ui/i18nParts.mts';

test('a part flattens back to the catalogue it was grouped from', () => {
  for (const code of Object.keys(loadLanguagesFromDisk().languages)) {
    const catalogue = loadCatalogueFromDisk(code);
    expect(flatPart(nestPart(catalogue))).toEqual(catalogue);
  }
  const odd = { plain: 'a', 'Notice.kind.tone': 'b', 'Login.title': 'c' };
  expect(nestPart(odd)).toEqual({ '': { plain: 'a' }, 'Notice.': { 'kind.tone': 'b' }, 'Login.': { title: 'c' } });
  expect(flatPart(nestPart(odd))).toEqual(odd);
});
