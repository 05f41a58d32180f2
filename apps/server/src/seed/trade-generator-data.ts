/**
 * Fixed reference data of the acquiring-data generator (trade-generator.ts): who pays, with which
 * card, from where, and how the schemes word their disputes. Everything here is fictional but shaped
 * like real traffic: issuer names, BIN prefixes and reason codes follow the schemes' public formats.
 */

export type Country = {
  code: string;
  currency: string;
  /** Share of buyers from this country (relative weight). */
  weight: number;
  firstNames: readonly string[];
  lastNames: readonly string[];
  cities: readonly { city: string; state: string; zip: string }[];
  streets: readonly string[];
  phonePrefix: string;
  /** First octets of the address blocks buyers from this country come from. */
  ipPrefixes: readonly string[];
  issuers: readonly string[];
};

export const COUNTRIES: readonly Country[] = [
  {
    code: 'US',
    currency: 'USD',
    weight: 30,
    firstNames: ['James', 'Mary', 'Robert', 'Linda', 'Michael', 'Jennifer', 'David', 'Emily', 'Daniel', 'Ashley'],
    lastNames: ['Smith', 'Johnson', 'Williams', 'Brown', 'Miller', 'Davis', 'Garcia', 'Wilson', 'Moore', 'Taylor'],
    cities: [
      { city: 'New York', state: 'NY', zip: '10001' },
      { city: 'Los Angeles', state: 'CA', zip: '90012' },
      { city: 'Chicago', state: 'IL', zip: '60601' },
      { city: 'Houston', state: 'TX', zip: '77002' },
      { city: 'Seattle', state: 'WA', zip: '98101' },
      { city: 'Miami', state: 'FL', zip: '33130' },
    ],
    streets: ['Main St', 'Oak Ave', 'Maple Dr', 'Park Blvd', 'Cedar Ln', 'Elm St'],
    phonePrefix: '+1',
    ipPrefixes: ['23', '64', '98', '174'],
    issuers: ['Chase Bank USA', 'Bank of America', 'Citibank N.A.', 'Capital One', 'Wells Fargo Bank'],
  },
  {
    code: 'GB',
    currency: 'GBP',
    weight: 12,
    firstNames: ['Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Ava', 'Jack', 'Emily', 'Charlie', 'Sophie'],
    lastNames: ['Jones', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Hughes', 'Green', 'Hall', 'Clarke'],
    cities: [
      { city: 'London', state: 'Greater London', zip: 'EC1A 1BB' },
      { city: 'Manchester', state: 'Greater Manchester', zip: 'M1 1AE' },
      { city: 'Birmingham', state: 'West Midlands', zip: 'B1 1AA' },
      { city: 'Edinburgh', state: 'Scotland', zip: 'EH1 1YZ' },
    ],
    streets: ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Green Lane'],
    phonePrefix: '+44',
    ipPrefixes: ['81', '86', '151', '195'],
    issuers: ['Barclays Bank', 'HSBC UK Bank', 'Lloyds Bank', 'NatWest', 'Monzo Bank'],
  },
  {
    code: 'DE',
    currency: 'EUR',
    weight: 9,
    firstNames: ['Lukas', 'Anna', 'Felix', 'Lena', 'Jonas', 'Marie', 'Paul', 'Laura', 'Leon', 'Julia'],
    lastNames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Koch'],
    cities: [
      { city: 'Berlin', state: 'Berlin', zip: '10115' },
      { city: 'Munich', state: 'Bavaria', zip: '80331' },
      { city: 'Hamburg', state: 'Hamburg', zip: '20095' },
      { city: 'Frankfurt', state: 'Hesse', zip: '60311' },
    ],
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Schillerstraße', 'Lindenallee'],
    phonePrefix: '+49',
    ipPrefixes: ['46', '62', '84', '217'],
    issuers: ['Deutsche Bank', 'Commerzbank', 'DKB Deutsche Kreditbank', 'Sparkasse'],
  },
  {
    code: 'FR',
    currency: 'EUR',
    weight: 7,
    firstNames: ['Louis', 'Camille', 'Hugo', 'Chloé', 'Lucas', 'Manon', 'Arthur', 'Léa', 'Jules', 'Inès'],
    lastNames: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau'],
    cities: [
      { city: 'Paris', state: 'Île-de-France', zip: '75001' },
      { city: 'Lyon', state: 'Auvergne-Rhône-Alpes', zip: '69001' },
      { city: 'Marseille', state: "Provence-Alpes-Côte d'Azur", zip: '13001' },
    ],
    streets: ['Rue de la Paix', 'Avenue Victor Hugo', 'Rue du Moulin', 'Boulevard Voltaire'],
    phonePrefix: '+33',
    ipPrefixes: ['2', '78', '90', '176'],
    issuers: ['BNP Paribas', 'Société Générale', 'Crédit Agricole', 'La Banque Postale'],
  },
  {
    code: 'HK',
    currency: 'HKD',
    weight: 8,
    firstNames: ['Wing', 'Ka Yan', 'Chun', 'Mei Ling', 'Ho Yin', 'Wai Man', 'Siu Fung', 'Hoi Ching'],
    lastNames: ['Chan', 'Wong', 'Lee', 'Cheung', 'Lau', 'Ho', 'Ng', 'Leung'],
    cities: [
      { city: 'Hong Kong', state: 'Central and Western', zip: '999077' },
      { city: 'Kowloon', state: 'Yau Tsim Mong', zip: '999077' },
      { city: 'Sha Tin', state: 'New Territories', zip: '999077' },
    ],
    streets: ['Queen’s Road Central', 'Nathan Road', 'Des Voeux Road', 'Hennessy Road'],
    phonePrefix: '+852',
    ipPrefixes: ['14', '42', '113', '203'],
    issuers: ['HSBC Hong Kong', 'Bank of China (Hong Kong)', 'Hang Seng Bank', 'Standard Chartered HK'],
  },
  {
    code: 'CN',
    currency: 'CNY',
    weight: 5,
    firstNames: ['Wei', 'Fang', 'Min', 'Jing', 'Lei', 'Yan', 'Jun', 'Xiu Ying'],
    lastNames: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Zhao', 'Huang'],
    cities: [
      { city: 'Shanghai', state: 'Shanghai', zip: '200000' },
      { city: 'Beijing', state: 'Beijing', zip: '100000' },
      { city: 'Shenzhen', state: 'Guangdong', zip: '518000' },
    ],
    streets: ['Nanjing Road', 'Chang’an Avenue', 'Shennan Boulevard', 'Huaihai Road'],
    phonePrefix: '+86',
    ipPrefixes: ['36', '58', '112', '183'],
    issuers: ['Bank of China', 'ICBC', 'China Merchants Bank', 'China Construction Bank'],
  },
  {
    code: 'JP',
    currency: 'JPY',
    weight: 6,
    firstNames: ['Haruto', 'Yui', 'Sota', 'Hina', 'Ren', 'Aoi', 'Yuto', 'Sakura'],
    lastNames: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura'],
    cities: [
      { city: 'Tokyo', state: 'Tokyo', zip: '100-0001' },
      { city: 'Osaka', state: 'Osaka', zip: '530-0001' },
      { city: 'Yokohama', state: 'Kanagawa', zip: '220-0001' },
    ],
    streets: ['Chuo-dori', 'Meiji-dori', 'Omotesando', 'Midosuji'],
    phonePrefix: '+81',
    ipPrefixes: ['60', '126', '133', '219'],
    issuers: ['JCB Co., Ltd.', 'Mitsubishi UFJ NICOS', 'Rakuten Card', 'SMBC Card'],
  },
  {
    code: 'AU',
    currency: 'AUD',
    weight: 5,
    firstNames: ['Jack', 'Charlotte', 'William', 'Olivia', 'Noah', 'Mia', 'Thomas', 'Grace'],
    lastNames: ['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Anderson', 'White'],
    cities: [
      { city: 'Sydney', state: 'NSW', zip: '2000' },
      { city: 'Melbourne', state: 'VIC', zip: '3000' },
      { city: 'Brisbane', state: 'QLD', zip: '4000' },
    ],
    streets: ['George St', 'Collins St', 'Queen St', 'King St'],
    phonePrefix: '+61',
    ipPrefixes: ['1', '49', '101', '203'],
    issuers: ['Commonwealth Bank', 'Westpac', 'ANZ', 'NAB'],
  },
  {
    code: 'CA',
    currency: 'CAD',
    weight: 5,
    firstNames: ['Liam', 'Emma', 'Ethan', 'Olivia', 'Logan', 'Chloe', 'Nathan', 'Zoe'],
    lastNames: ['Tremblay', 'Roy', 'Gagnon', 'Campbell', 'Stewart', 'Martin', 'Lee', 'MacDonald'],
    cities: [
      { city: 'Toronto', state: 'ON', zip: 'M5H 2N2' },
      { city: 'Vancouver', state: 'BC', zip: 'V6B 1A1' },
      { city: 'Montreal', state: 'QC', zip: 'H2Y 1C6' },
    ],
    streets: ['Yonge St', 'Granville St', 'Rue Sainte-Catherine', 'Bay St'],
    phonePrefix: '+1',
    ipPrefixes: ['24', '70', '142', '206'],
    issuers: ['RBC Royal Bank', 'TD Canada Trust', 'Scotiabank', 'BMO Bank of Montreal'],
  },
  {
    code: 'SG',
    currency: 'SGD',
    weight: 4,
    firstNames: ['Wei Ming', 'Hui Min', 'Jun Jie', 'Xin Yi', 'Arjun', 'Nur', 'Daniel', 'Rachel'],
    lastNames: ['Tan', 'Lim', 'Lee', 'Ng', 'Ong', 'Wong', 'Goh', 'Kumar'],
    cities: [
      { city: 'Singapore', state: 'Central', zip: '049315' },
      { city: 'Singapore', state: 'East', zip: '486038' },
    ],
    streets: ['Orchard Road', 'Marina Boulevard', 'Tampines Avenue', 'Jurong West Street'],
    phonePrefix: '+65',
    ipPrefixes: ['42', '116', '175'],
    issuers: ['DBS Bank', 'OCBC Bank', 'UOB'],
  },
  {
    code: 'NL',
    currency: 'EUR',
    weight: 4,
    firstNames: ['Daan', 'Emma', 'Sem', 'Julia', 'Finn', 'Tess', 'Lars', 'Sanne'],
    lastNames: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Meijer'],
    cities: [
      { city: 'Amsterdam', state: 'North Holland', zip: '1012 AB' },
      { city: 'Rotterdam', state: 'South Holland', zip: '3011 AA' },
    ],
    streets: ['Kalverstraat', 'Damrak', 'Coolsingel', 'Prinsengracht'],
    phonePrefix: '+31',
    ipPrefixes: ['77', '145', '213'],
    issuers: ['ING Bank', 'Rabobank', 'ABN AMRO'],
  },
  {
    code: 'NG',
    currency: 'USD',
    weight: 1.5,
    firstNames: ['Chinedu', 'Ngozi', 'Emeka', 'Funke', 'Tunde', 'Amaka'],
    lastNames: ['Okafor', 'Adeyemi', 'Okonkwo', 'Balogun', 'Eze', 'Bello'],
    cities: [
      { city: 'Lagos', state: 'Lagos', zip: '100001' },
      { city: 'Abuja', state: 'FCT', zip: '900001' },
    ],
    streets: ['Broad Street', 'Awolowo Road', 'Adeola Odeku Street'],
    phonePrefix: '+234',
    ipPrefixes: ['41', '105', '197'],
    issuers: ['Guaranty Trust Bank', 'Zenith Bank', 'Access Bank'],
  },
  {
    code: 'RU',
    currency: 'USD',
    weight: 1,
    firstNames: ['Ivan', 'Olga', 'Dmitry', 'Elena', 'Sergey', 'Anna'],
    lastNames: ['Ivanov', 'Petrova', 'Smirnov', 'Kuznetsova', 'Popov', 'Volkova'],
    cities: [
      { city: 'Moscow', state: 'Moscow', zip: '101000' },
      { city: 'Saint Petersburg', state: 'Saint Petersburg', zip: '190000' },
    ],
    streets: ['Tverskaya St', 'Nevsky Prospekt', 'Arbat St'],
    phonePrefix: '+7',
    ipPrefixes: ['5', '37', '95', '178'],
    issuers: ['Sberbank', 'VTB Bank', 'Alfa-Bank'],
  },
];

/** Countries an issuer or buyer from which raises the risk score (flag high_risk_country). */
export const HIGH_RISK_COUNTRIES: ReadonlySet<string> = new Set(['NG', 'RU']);

/** Home country of each settlement currency: a card issued elsewhere is an international payment. */
export const HOME_COUNTRY: Readonly<Record<string, string>> = { USD: 'US', EUR: 'DE', GBP: 'GB', HKD: 'HK' };

/** Units of USD per unit of each currency: fixed rates, so a seed always converts alike. */
export const USD_PER_UNIT: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  HKD: 0.128,
  CNY: 0.138,
  JPY: 0.0067,
  AUD: 0.66,
  CAD: 0.73,
  SGD: 0.74,
};

/** Median basket in each payment currency (major units); amounts are log-normal around it. */
export const MEDIAN_AMOUNT: Readonly<Record<string, number>> = {
  USD: 68,
  EUR: 62,
  GBP: 52,
  HKD: 520,
  CNY: 480,
  JPY: 9800,
  AUD: 98,
  CAD: 88,
  SGD: 90,
};

/** Card schemes with their share of traffic and real BIN prefixes (first 6 digits). */
export const SCHEMES: readonly { scheme: string; weight: number; bins: readonly string[] }[] = [
  { scheme: 'VISA', weight: 55, bins: ['414720', '426684', '431940', '453201', '476173', '492181', '400115', '438857'] },
  { scheme: 'MASTERCARD', weight: 30, bins: ['510510', '522164', '530125', '542418', '553158', '222300', '271111'] },
  { scheme: 'JCB', weight: 6, bins: ['352800', '353011', '356600', '358101'] },
  { scheme: 'AMEX', weight: 5, bins: ['371449', '378282', '340000', '370000'] },
  { scheme: 'UNIONPAY', weight: 4, bins: ['622126', '622848', '625094', '621700'] },
];

/** Test transactions use the schemes' published test cards (prefix only). */
export const TEST_BINS: Readonly<Record<string, string>> = {
  VISA: '411111',
  MASTERCARD: '555555',
  JCB: '353011',
  AMEX: '378282',
  UNIONPAY: '620000',
};

/** Risk rules a declined payment can fail (codes only: the web app labels them). */
export const RISK_RULES = ['R001', 'R002', 'R003', 'R004', 'R005'] as const;

/** What the gateway returned, by payment status (the acquirer's own wording, shown as data). */
export const RETURN_MESSAGES: Readonly<Record<number, readonly string[]>> = {
  1: ['00 Approved'],
  2: ['05 Do not honour', '51 Insufficient funds', '54 Expired card', '14 Invalid card number', '57 Transaction not permitted'],
  3: ['3DS authentication failed'],
  4: ['Awaiting issuer confirmation'],
  5: ['Payment not completed by cardholder'],
  6: ['Pre-authorization awaiting capture'],
};
export const RISK_DECLINE_MESSAGE = 'Declined by risk control';
export const COUNTERFEIT_MESSAGE = 'Counterfeit card detected';

/** Chargeback reason codes by scheme; `fraud` marks the codes counted as fraudulent chargebacks. */
export const CHARGEBACK_REASONS: Readonly<Record<string, readonly { code: string; reason: string; fraud: boolean }[]>> = {
  VISA: [
    { code: '10.4', reason: 'Other Fraud - Card-Absent Environment', fraud: true },
    { code: '13.1', reason: 'Merchandise/Services Not Received', fraud: false },
    { code: '13.3', reason: 'Not as Described or Defective Merchandise', fraud: false },
    { code: '12.6.1', reason: 'Duplicate Processing', fraud: false },
  ],
  MASTERCARD: [
    { code: '4837', reason: 'No Cardholder Authorization', fraud: true },
    { code: '4853', reason: 'Cardholder Dispute', fraud: false },
    { code: '4863', reason: 'Cardholder Does Not Recognize', fraud: true },
    { code: '4834', reason: 'Point-of-Interaction Error', fraud: false },
  ],
  JCB: [
    { code: '541', reason: 'Authorization Request Declined', fraud: false },
    { code: '526', reason: 'Cardholder Does Not Recognize Transaction', fraud: true },
  ],
  AMEX: [
    { code: 'F29', reason: 'Card Not Present', fraud: true },
    { code: 'C08', reason: 'Goods/Services Not Received', fraud: false },
  ],
  UNIONPAY: [
    { code: '4514', reason: 'Cardholder Disputes Transaction', fraud: false },
    { code: '4562', reason: 'Counterfeit Card Fraud', fraud: true },
  ],
};

export const RETRIEVAL_REASON = { code: 'RR', reason: 'Copy of sales receipt requested' } as const;
export const FRAUD_REPORT_REASON = { code: 'TC40', reason: 'Issuer fraud report' } as const;
export const REFUND_REASONS = [
  'Customer cancelled the order',
  'Item out of stock',
  'Returned goods received',
  'Partial shipment',
  'Price adjustment',
  'Duplicate order',
] as const;
