// `virtual:languages` for the ui project (Node, no Vite): the same list the build makes from i18n/languages.json.
// Each loader gives the language's whole catalogue resolved along its chain, grouped as the build writes a part
// (the build splits it in two parts).
import { listedLanguages } from '../../src/engine/languages';
import { loadCatalogueFromDisk, loadLanguagesFromDisk } from '../../src/engine/fsLoader';
import { nestPart } from '../../src/ui/i18nParts.mts';

export const languages = listedLanguages(loadLanguagesFromDisk());

const whole = (code: string) => async () => ({ default: nestPart(loadCatalogueFromDisk(code)) });
export const loaders = Object.fromEntries(
  languages.map(({ code }) => [code, { core: whole(code), rest: whole(code) }]),
);
