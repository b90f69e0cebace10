// Reference data of the demo: the eight content languages of 001 §3, nested catalogues, tariffs with their
// detail rows (labels of 001 §9) and the data dictionaries the dropdowns read.

export const LANGUAGES = [
  { id: 1, language_code: 'en', language_desc: 'English', priority: 8 },
  { id: 2, language_code: 'fr', language_desc: 'French', priority: 7 },
  { id: 3, language_code: 'ar', language_desc: 'Arabic', priority: 6 },
  { id: 4, language_code: 'fa', language_desc: 'Farsi', priority: 5 },
  { id: 5, language_code: 'am', language_desc: 'Amharic', priority: 4 },
  { id: 6, language_code: 'so', language_desc: 'Somali', priority: 3 },
  { id: 7, language_code: 'om', language_desc: 'Oromoo', priority: 2 },
  { id: 8, language_code: 'ti', language_desc: 'Tigrigna', priority: 1 },
];

export interface CatalogueSeed { name: string; period?: string; children?: CatalogueSeed[] }

/** resource_type 1 tones, 2 tone boxes, 3 name tones. */
export const CATALOGUES: Record<1 | 2 | 3, CatalogueSeed[]> = {
  1: [
    { name: 'Pop', period: '90', children: [{ name: 'Dance', period: '30' }, { name: 'Ballads', period: '90' }] },
    { name: 'Traditional', period: '180', children: [{ name: 'Benga', period: '180' }, { name: 'Ethio-jazz', period: '180' }, { name: 'Taarab', period: '365' }] },
    { name: 'Religious', period: '365', children: [{ name: 'Gospel', period: '365' }, { name: 'Nasheed', period: '365' }] },
    { name: 'Greetings', period: '30' },
  ],
  2: [{ name: 'Music packages', period: '30', children: [{ name: 'Top hits', period: '30' }, { name: 'Classics', period: '90' }] }],
  3: [{ name: 'Name tones', period: '30' }],
};

/** Detail rows cover every access type, orderType and userType of 001 §9; -1 promotion/service values show as NA. */
export interface TariffSeed { name: string; description: string; type: 2 | 3; details: Array<[operator: string, orderType: string, price: string, userType: string, serviceCode: string, promotionID?: string]> }

export const TARIFFS: TariffSeed[] = [
  { name: 'Standard tone', description: 'Monthly tone subscription', type: 2, details: [['-1', '1', '5.00', '-1', '-1'], ['1', '2', '4.00', '1', '811', 'PRM2024A'], ['2', '3', '5.00', '0', '812']] },
  { name: 'Premium tone', description: 'Premium catalogue', type: 2, details: [['1', '1', '8.00', '-1', '821'], ['4', '1', '8.50', '1', '822', 'PRM2024B'], ['5', '3', '7.50', '0', '-1']] },
  { name: 'Free promotion', description: 'Zero-rated promotion', type: 2, details: [['-1', '1', '0.00', '-1', '-1']] },
  { name: 'Weekend special', description: 'Lower price on weekends', type: 2, details: [['3', '1', '2.50', '1', '841', 'WKND'], ['14', '4', '1.00', '-1', '-1']] },
  { name: 'Gift tone', description: 'Tones sent as a present', type: 2, details: [['1', '2', '3.00', '-1', '851'], ['4', '2', '3.00', '0', '852']] },
  { name: 'Student tone', description: 'Prepaid student plan', type: 2, details: [['5', '1', '1.50', '1', '861', 'STU24']] },
  { name: 'Express copy', description: 'Copy a friend\'s tone', type: 2, details: [['14', '4', '2.00', '-1', '871'], ['2', '4', '2.00', '0', '-1']] },
  { name: 'Package monthly', description: 'Music package monthly plan', type: 3, details: [['-1', '1', '10.00', '-1', '-1'], ['14', '4', '2.00', '-1', '-1']] },
  { name: 'Package weekly', description: 'Music package weekly plan', type: 3, details: [['3', '3', '3.00', '1', '831']] },
];

/** Copyright owners seeded for every provider: [official name, stage name, email user ('' none), description]. */
export const OWNERS: Array<[official: string, stage: string, email: string, description: string]> = [
  ['Owner', '', 'rights', ''],
  ['Wanjiru Kamau', 'WK Melodies', 'wanjiru', 'Lyricist and composer'],
  ['Otieno Brothers', '', '', 'Tune company'],
  ['Savannah Records', 'Savannah', 'label', 'Record label'],
];

export const DICTIONARIES: Record<string, Array<[code: string, label: string, value: string]>> = {
  accessType: [['WEB', 'WEB', '1'], ['IVR', 'IVR', '2'], ['WAP', 'WAP', '3'], ['SMS', 'SMS', '4'], ['USSD', 'USSD', '5'], ['EXPRESS_COPY', 'Express copy', '14'], ['ALL', 'All', '-1']],
  orderType: [['DOWNLOAD', 'Download', '1'], ['PRESENT', 'Present', '2'], ['RENEW', 'Renew', '3'], ['COPY', 'Copy', '4']],
  userType: [['POSTPAID', 'Postpaid', '0'], ['PREPAID', 'Prepaid', '1'], ['ALL', 'All', '-1']],
  singerSex: [['MALE', 'Male', '1'], ['FEMALE', 'Female', '2'], ['GROUP', 'Group', '-1']],
  toneStatus: [['NORMAL', 'Normal', '1'], ['HIDDEN', 'Hidden', '2'], ['HIDDEN_UNAVAILABLE', 'Hidden and unavailable', '4']],
  relativeUnit: [['DAY', 'Day', '1'], ['MONTH', 'Month', '2']],
  crbtType: [['NORMAL', 'Normal', '1']],
  uploadMode: [['SEPARATED', 'Separated', '1'], ['UNIFIED', 'Unified', '2']],
  batchTaskType: [['EXPORT', 'Export tones and singers', '1'], ['UPDATE', 'Update tones and singers', '2'], ['COPYRIGHT', 'Add copyright companies', '3']],
  batchTaskStatus: [['PENDING', 'Pending', '1'], ['SUCCESS', 'Success', '3'], ['NOT_AVAILABLE', 'Not available', '4'], ['DELETED', 'Deleted', '6']],
};
