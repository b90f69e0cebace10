// Reference data of the demo, kept as data in reference.json: the eight content languages of 001 §3, nested
// catalogues, tariffs with their detail rows (labels of 001 §9), the copyright owners every provider starts with
// and the data dictionaries the dropdowns read. The names are English; `names` gives each its name in the other
// portal languages (written to the translations table, so the portal's option lists, the tone list and the export
// read as Chinese in Chinese and as Persian in Persian; services/translations.ts). This module gives it its types.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LanguageSeed {
  id: number;
  language_code: string;
  language_desc: string;
  priority: number;
}

export interface CatalogueSeed {
  name: string;
  /** The name in other portal languages, by language code. */
  names: Record<string, string>;
  period?: string;
  children?: CatalogueSeed[];
}

/** Detail rows cover every access type, orderType and userType of 001 §9; -1 promotion/service values show as NA. */
export interface TariffSeed {
  name: string;
  description: string;
  /** Name and description in other portal languages, by language code. */
  names: Record<string, { name: string; description: string }>;
  type: 2 | 3;
  details: Array<
    [operator: string, orderType: string, price: string, userType: string, serviceCode: string, promotionID?: string]
  >;
}

interface Reference {
  languages: LanguageSeed[];
  /** Content language code -> portal language -> name. */
  languageNames: Record<string, Record<string, string>>;
  /** resource_type 1 tones, 2 tone boxes, 3 name tones. */
  catalogues: Record<1 | 2 | 3, CatalogueSeed[]>;
  tariffs: TariffSeed[];
  owners: Array<[official: string, stage: string, email: string, description: string]>;
  dictionaries: Record<string, Array<[code: string, label: string, value: string]>>;
}

// src/server/seed and build/server/seed are both three folders below the root (package.json "files" ships it).
const reference: Reference = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', 'src', 'server', 'seed', 'reference.json'), 'utf8'),
);

export const LANGUAGES = reference.languages;
export const LANGUAGE_NAMES = reference.languageNames;
export const CATALOGUES = reference.catalogues;
export const TARIFFS = reference.tariffs;
/** Copyright owners seeded for every provider: [official name, stage name, email user ('' none), description]. */
export const OWNERS = reference.owners;
export const DICTIONARIES = reference.dictionaries;

/** A tariff detail row's description: the tariff's name and the row's price (in either language). */
export const detailDescription = (tariffName: string, price: string) => `${tariffName} ${price}`;
