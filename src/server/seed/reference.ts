// Reference data of the demo: the eight content languages of 001 §3, nested catalogues, tariffs with their
// detail rows (labels of 001 §9) and the data dictionaries the dropdowns read. The names are English; `zh`
// gives each its Chinese name (written to the translations table, so the portal's option lists, the tone
// list and the export read as Chinese in Chinese; services/translations.ts).

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
/** Chinese names of the content languages, by language code. */
export const LANGUAGE_NAMES_ZH: Record<string, string> = {
  en: '英语',
  fr: '法语',
  ar: '阿拉伯语',
  fa: '波斯语',
  am: '阿姆哈拉语',
  so: '索马里语',
  om: '奥罗莫语',
  ti: '提格里尼亚语',
};

export interface CatalogueSeed {
  name: string;
  zh: string;
  period?: string;
  children?: CatalogueSeed[];
}

/** resource_type 1 tones, 2 tone boxes, 3 name tones. */
export const CATALOGUES: Record<1 | 2 | 3, CatalogueSeed[]> = {
  1: [
    {
      name: 'Pop',
      zh: '流行',
      period: '90',
      children: [
        { name: 'Dance', zh: '舞曲', period: '30' },
        { name: 'Ballads', zh: '抒情', period: '90' },
      ],
    },
    {
      name: 'Traditional',
      zh: '传统',
      period: '180',
      children: [
        { name: 'Benga', zh: '本加', period: '180' },
        { name: 'Ethio-jazz', zh: '埃塞俄比亚爵士', period: '180' },
        { name: 'Taarab', zh: '塔拉布', period: '365' },
      ],
    },
    {
      name: 'Religious',
      zh: '宗教',
      period: '365',
      children: [
        { name: 'Gospel', zh: '福音', period: '365' },
        { name: 'Nasheed', zh: '纳希德', period: '365' },
      ],
    },
    { name: 'Greetings', zh: '问候', period: '30' },
  ],
  2: [
    {
      name: 'Music packages',
      zh: '音乐包',
      period: '30',
      children: [
        { name: 'Top hits', zh: '热门歌曲', period: '30' },
        { name: 'Classics', zh: '经典', period: '90' },
      ],
    },
  ],
  3: [{ name: 'Name tones', zh: '名字铃音', period: '30' }],
};

/** Detail rows cover every access type, orderType and userType of 001 §9; -1 promotion/service values show as NA. */
export interface TariffSeed {
  name: string;
  description: string;
  zh: { name: string; description: string };
  type: 2 | 3;
  details: Array<
    [operator: string, orderType: string, price: string, userType: string, serviceCode: string, promotionID?: string]
  >;
}

export const TARIFFS: TariffSeed[] = [
  {
    name: 'Standard tone',
    description: 'Monthly tone subscription',
    zh: { name: '标准铃音', description: '铃音包月订阅' },
    type: 2,
    details: [
      ['-1', '1', '5.00', '-1', '-1'],
      ['1', '2', '4.00', '1', '811', 'PRM2024A'],
      ['2', '3', '5.00', '0', '812'],
    ],
  },
  {
    name: 'Premium tone',
    description: 'Premium catalogue',
    zh: { name: '高级铃音', description: '高级曲库' },
    type: 2,
    details: [
      ['1', '1', '8.00', '-1', '821'],
      ['4', '1', '8.50', '1', '822', 'PRM2024B'],
      ['5', '3', '7.50', '0', '-1'],
    ],
  },
  {
    name: 'Free promotion',
    description: 'Zero-rated promotion',
    zh: { name: '免费促销', description: '零资费促销' },
    type: 2,
    details: [['-1', '1', '0.00', '-1', '-1']],
  },
  {
    name: 'Weekend special',
    description: 'Lower price on weekends',
    zh: { name: '周末特惠', description: '周末价格更低' },
    type: 2,
    details: [
      ['3', '1', '2.50', '1', '841', 'WKND'],
      ['14', '4', '1.00', '-1', '-1'],
    ],
  },
  {
    name: 'Gift tone',
    description: 'Tones sent as a present',
    zh: { name: '赠送铃音', description: '作为礼物赠送的铃音' },
    type: 2,
    details: [
      ['1', '2', '3.00', '-1', '851'],
      ['4', '2', '3.00', '0', '852'],
    ],
  },
  {
    name: 'Student tone',
    description: 'Prepaid student plan',
    zh: { name: '学生铃音', description: '预付费学生套餐' },
    type: 2,
    details: [['5', '1', '1.50', '1', '861', 'STU24']],
  },
  {
    name: 'Express copy',
    description: "Copy a friend's tone",
    zh: { name: '快速复制', description: '复制好友的铃音' },
    type: 2,
    details: [
      ['14', '4', '2.00', '-1', '871'],
      ['2', '4', '2.00', '0', '-1'],
    ],
  },
  {
    name: 'Package monthly',
    description: 'Music package monthly plan',
    zh: { name: '音乐包包月', description: '音乐包月度套餐' },
    type: 3,
    details: [
      ['-1', '1', '10.00', '-1', '-1'],
      ['14', '4', '2.00', '-1', '-1'],
    ],
  },
  {
    name: 'Package weekly',
    description: 'Music package weekly plan',
    zh: { name: '音乐包包周', description: '音乐包每周套餐' },
    type: 3,
    details: [['3', '3', '3.00', '1', '831']],
  },
];
/** A tariff detail row's description: the tariff's name and the row's price (in either language). */
export const detailDescription = (tariffName: string, price: string) => `${tariffName} ${price}`;

/** Copyright owners seeded for every provider: [official name, stage name, email user ('' none), description]. */
export const OWNERS: Array<[official: string, stage: string, email: string, description: string]> = [
  ['Owner', '', 'rights', ''],
  ['Wanjiru Kamau', 'WK Melodies', 'wanjiru', 'Lyricist and composer'],
  ['Otieno Brothers', '', '', 'Tune company'],
  ['Savannah Records', 'Savannah', 'label', 'Record label'],
];

export const DICTIONARIES: Record<string, Array<[code: string, label: string, value: string]>> = {
  accessType: [
    ['WEB', 'WEB', '1'],
    ['IVR', 'IVR', '2'],
    ['WAP', 'WAP', '3'],
    ['SMS', 'SMS', '4'],
    ['USSD', 'USSD', '5'],
    ['EXPRESS_COPY', 'Express copy', '14'],
    ['ALL', 'All', '-1'],
  ],
  orderType: [
    ['DOWNLOAD', 'Download', '1'],
    ['PRESENT', 'Present', '2'],
    ['RENEW', 'Renew', '3'],
    ['COPY', 'Copy', '4'],
  ],
  userType: [
    ['POSTPAID', 'Postpaid', '0'],
    ['PREPAID', 'Prepaid', '1'],
    ['ALL', 'All', '-1'],
  ],
  singerSex: [
    ['MALE', 'Male', '1'],
    ['FEMALE', 'Female', '2'],
    ['GROUP', 'Group', '-1'],
  ],
  toneStatus: [
    ['NORMAL', 'Normal', '1'],
    ['HIDDEN', 'Hidden', '2'],
    ['HIDDEN_UNAVAILABLE', 'Hidden and unavailable', '4'],
  ],
  relativeUnit: [
    ['DAY', 'Day', '1'],
    ['MONTH', 'Month', '2'],
  ],
  crbtType: [['NORMAL', 'Normal', '1']],
  uploadMode: [
    ['SEPARATED', 'Separated', '1'],
    ['UNIFIED', 'Unified', '2'],
  ],
  batchTaskType: [
    ['EXPORT', 'Export tones and singers', '1'],
    ['UPDATE', 'Update tones and singers', '2'],
    ['COPYRIGHT', 'Add copyright companies', '3'],
  ],
  batchTaskStatus: [
    ['PENDING', 'Pending', '1'],
    ['SUCCESS', 'Success', '3'],
    ['NOT_AVAILABLE', 'Not available', '4'],
    ['DELETED', 'Deleted', '6'],
  ],
};
