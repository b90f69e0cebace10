// Reference data of the demo: the eight content languages of 001 §3, nested catalogues, tariffs with their
// detail rows (labels of 001 §9) and the data dictionaries the dropdowns read. The names are English; `names`
// gives each its name in the other portal languages (written to the translations table, so the portal's option
// lists, the tone list and the export read as Chinese in Chinese and as Persian in Persian;
// services/translations.ts).

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
/** Names of the content languages in other portal languages: content language code -> portal language -> name. */
export const LANGUAGE_NAMES: Record<string, Record<string, string>> = {
  en: { zh: '英语', fa: 'انگلیسی' },
  fr: { zh: '法语', fa: 'فرانسوی' },
  ar: { zh: '阿拉伯语', fa: 'عربی' },
  fa: { zh: '波斯语', fa: 'فارسی' },
  am: { zh: '阿姆哈拉语', fa: 'امهری' },
  so: { zh: '索马里语', fa: 'سومالیایی' },
  om: { zh: '奥罗莫语', fa: 'اورومو' },
  ti: { zh: '提格里尼亚语', fa: 'تیگرینیا' },
};

export interface CatalogueSeed {
  name: string;
  /** The name in other portal languages, by language code. */
  names: Record<string, string>;
  period?: string;
  children?: CatalogueSeed[];
}

/** resource_type 1 tones, 2 tone boxes, 3 name tones. */
export const CATALOGUES: Record<1 | 2 | 3, CatalogueSeed[]> = {
  1: [
    {
      name: 'Pop',
      names: { zh: '流行', fa: 'پاپ' },
      period: '90',
      children: [
        { name: 'Dance', names: { zh: '舞曲', fa: 'رقص' }, period: '30' },
        { name: 'Ballads', names: { zh: '抒情', fa: 'آهنگ‌های عاشقانه' }, period: '90' },
      ],
    },
    {
      name: 'Traditional',
      names: { zh: '传统', fa: 'سنتی' },
      period: '180',
      children: [
        { name: 'Benga', names: { zh: '本加', fa: 'بنگا' }, period: '180' },
        { name: 'Ethio-jazz', names: { zh: '埃塞俄比亚爵士', fa: 'جاز اتیوپیایی' }, period: '180' },
        { name: 'Taarab', names: { zh: '塔拉布', fa: 'طرب' }, period: '365' },
      ],
    },
    {
      name: 'Religious',
      names: { zh: '宗教', fa: 'مذهبی' },
      period: '365',
      children: [
        { name: 'Gospel', names: { zh: '福音', fa: 'گاسپل' }, period: '365' },
        { name: 'Nasheed', names: { zh: '纳希德', fa: 'نشید' }, period: '365' },
      ],
    },
    { name: 'Greetings', names: { zh: '问候', fa: 'تبریک' }, period: '30' },
  ],
  2: [
    {
      name: 'Music packages',
      names: { zh: '音乐包', fa: 'بسته‌های موسیقی' },
      period: '30',
      children: [
        { name: 'Top hits', names: { zh: '热门歌曲', fa: 'پرطرفدارترین‌ها' }, period: '30' },
        { name: 'Classics', names: { zh: '经典', fa: 'ماندگارها' }, period: '90' },
      ],
    },
  ],
  3: [{ name: 'Name tones', names: { zh: '名字铃音', fa: 'آواهای نام' }, period: '30' }],
};

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

export const TARIFFS: TariffSeed[] = [
  {
    name: 'Standard tone',
    description: 'Monthly tone subscription',
    names: {
      zh: { name: '标准铃音', description: '铃音包月订阅' },
      fa: { name: 'آهنگ استاندارد', description: 'اشتراک ماهانهٔ آهنگ' },
    },
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
    names: {
      zh: { name: '高级铃音', description: '高级曲库' },
      fa: { name: 'آهنگ ویژه', description: 'فهرست آهنگ‌های ویژه' },
    },
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
    names: {
      zh: { name: '免费促销', description: '零资费促销' },
      fa: { name: 'پیشنهاد رایگان', description: 'پیشنهاد بدون هزینه' },
    },
    type: 2,
    details: [['-1', '1', '0.00', '-1', '-1']],
  },
  {
    name: 'Weekend special',
    description: 'Lower price on weekends',
    names: {
      zh: { name: '周末特惠', description: '周末价格更低' },
      fa: { name: 'ویژهٔ آخر هفته', description: 'قیمت کمتر در آخر هفته' },
    },
    type: 2,
    details: [
      ['3', '1', '2.50', '1', '841', 'WKND'],
      ['14', '4', '1.00', '-1', '-1'],
    ],
  },
  {
    name: 'Gift tone',
    description: 'Tones sent as a present',
    names: {
      zh: { name: '赠送铃音', description: '作为礼物赠送的铃音' },
      fa: { name: 'آهنگ هدیه', description: 'آهنگ‌هایی که هدیه فرستاده می‌شوند' },
    },
    type: 2,
    details: [
      ['1', '2', '3.00', '-1', '851'],
      ['4', '2', '3.00', '0', '852'],
    ],
  },
  {
    name: 'Student tone',
    description: 'Prepaid student plan',
    names: {
      zh: { name: '学生铃音', description: '预付费学生套餐' },
      fa: { name: 'آهنگ دانشجویی', description: 'طرح پیش‌پرداخت دانشجویی' },
    },
    type: 2,
    details: [['5', '1', '1.50', '1', '861', 'STU24']],
  },
  {
    name: 'Express copy',
    description: "Copy a friend's tone",
    names: {
      zh: { name: '快速复制', description: '复制好友的铃音' },
      fa: { name: 'کپی سریع', description: 'کپی آهنگ یک دوست' },
    },
    type: 2,
    details: [
      ['14', '4', '2.00', '-1', '871'],
      ['2', '4', '2.00', '0', '-1'],
    ],
  },
  {
    name: 'Package monthly',
    description: 'Music package monthly plan',
    names: {
      zh: { name: '音乐包包月', description: '音乐包月度套餐' },
      fa: { name: 'بستهٔ ماهانه', description: 'طرح ماهانهٔ بستهٔ موسیقی' },
    },
    type: 3,
    details: [
      ['-1', '1', '10.00', '-1', '-1'],
      ['14', '4', '2.00', '-1', '-1'],
    ],
  },
  {
    name: 'Package weekly',
    description: 'Music package weekly plan',
    names: {
      zh: { name: '音乐包包周', description: '音乐包每周套餐' },
      fa: { name: 'بستهٔ هفتگی', description: 'طرح هفتگی بستهٔ موسیقی' },
    },
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
