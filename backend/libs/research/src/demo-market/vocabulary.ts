/**
 * The words of the demo market: topics with their products or subjects, CPC range, season and the verbs their
 * how-to questions use. Every keyword is built from these; every brand and domain name is invented.
 */
export interface Topic {
  slug: string;
  /** A word for domain names: velorapets.example. */
  nameWord: string;
  /** US cost per click range, dollars (typical of the industry in Google Ads benchmarks). */
  cpc: [min: number, max: number];
  /** Relative demand of the topic. */
  weight: number;
  /** Month of peak demand (0 = January) and how strong the season is (0–1). */
  peakMonth: number;
  seasonality: number;
  subjects: string[];
  verbs: string[];
}

export const topics: Topic[] = [
  {
    slug: 'running', nameWord: 'run', cpc: [0.6, 3.2], weight: 1.0, peakMonth: 0, seasonality: 0.3,
    subjects: ['running shoes', 'trail shoes', 'running socks', 'running shorts', 'sports bra', 'running watch', 'hydration vest', 'running jacket', 'compression tights', 'treadmill', 'foam roller', 'running belt', 'energy gels', 'insoles', 'headlamp', 'marathon plan', 'running cap', 'track spikes'],
    verbs: ['clean', 'choose', 'break in', 'lace', 'size', 'store', 'wash', 'replace'],
  },
  {
    slug: 'pets', nameWord: 'pets', cpc: [0.4, 2.6], weight: 0.9, peakMonth: 5, seasonality: 0.1,
    subjects: ['dog food', 'cat litter', 'dog bed', 'cat tree', 'dog harness', 'puppy pads', 'flea treatment', 'dog toys', 'cat food', 'bird cage', 'aquarium filter', 'dog crate', 'pet insurance', 'grooming kit', 'cat flap', 'chew toys', 'pet camera', 'dog shampoo'],
    verbs: ['train', 'feed', 'groom', 'wash', 'choose', 'clean', 'introduce', 'calm'],
  },
  {
    slug: 'insurance', nameWord: 'cover', cpc: [9, 48], weight: 0.7, peakMonth: 0, seasonality: 0.15,
    subjects: ['car insurance', 'home insurance', 'life insurance', 'travel insurance', 'renters insurance', 'dental insurance', 'health insurance', 'landlord insurance', 'motorcycle insurance', 'boat insurance', 'business insurance', 'gap insurance', 'umbrella insurance', 'van insurance'],
    verbs: ['compare', 'claim', 'cancel', 'switch', 'lower', 'renew', 'calculate', 'choose'],
  },
  {
    slug: 'software', nameWord: 'stack', cpc: [4, 32], weight: 0.8, peakMonth: 8, seasonality: 0.1,
    subjects: ['crm software', 'project management tool', 'invoice software', 'password manager', 'email marketing software', 'accounting software', 'time tracking app', 'help desk software', 'website builder', 'payroll software', 'vpn', 'note taking app', 'screen recorder', 'backup software', 'video editor', 'form builder'],
    verbs: ['set up', 'choose', 'migrate', 'automate', 'integrate', 'export', 'install', 'cancel'],
  },
  {
    slug: 'travel', nameWord: 'trips', cpc: [0.5, 3.5], weight: 1.0, peakMonth: 6, seasonality: 0.5,
    subjects: ['cheap flights', 'beach resorts', 'city breaks', 'hostels', 'car rental', 'cruise deals', 'ski holidays', 'camping sites', 'road trip', 'hotel deals', 'travel backpack', 'carry on luggage', 'travel adapter', 'all inclusive holidays', 'weekend getaways', 'glamping'],
    verbs: ['book', 'pack', 'plan', 'cancel', 'find', 'save on', 'budget for', 'choose'],
  },
  {
    slug: 'home', nameWord: 'nest', cpc: [1.5, 14], weight: 0.9, peakMonth: 3, seasonality: 0.3,
    subjects: ['kitchen cabinets', 'bathroom tiles', 'laminate flooring', 'garden shed', 'paint colors', 'roof repair', 'solar panels', 'heat pump', 'window blinds', 'patio furniture', 'power drill', 'wallpaper', 'loft insulation', 'water heater', 'garage door', 'smart thermostat', 'decking boards', 'lawn mower'],
    verbs: ['install', 'fix', 'paint', 'replace', 'measure', 'clean', 'insulate', 'repair'],
  },
  {
    slug: 'finance', nameWord: 'money', cpc: [3, 28], weight: 0.8, peakMonth: 0, seasonality: 0.2,
    subjects: ['credit cards', 'savings account', 'personal loan', 'mortgage rates', 'index funds', 'budget app', 'credit score', 'debt consolidation', 'student loans', 'crypto wallet', 'retirement account', 'business loan', 'balance transfer', 'stock broker'],
    verbs: ['apply for', 'improve', 'pay off', 'compare', 'open', 'refinance', 'invest in', 'close'],
  },
  {
    slug: 'cooking', nameWord: 'kitchen', cpc: [0.2, 1.6], weight: 1.1, peakMonth: 10, seasonality: 0.35,
    subjects: ['air fryer', 'sourdough bread', 'banana bread', 'slow cooker recipes', 'cast iron skillet', 'chef knife', 'stand mixer', 'meal prep', 'pizza dough', 'chicken curry', 'vegan recipes', 'pressure cooker', 'coffee grinder', 'lasagna recipe', 'cookie recipe', 'rice cooker', 'smoothie recipes', 'bbq grill'],
    verbs: ['make', 'bake', 'clean', 'season', 'cook', 'freeze', 'store', 'sharpen'],
  },
  {
    slug: 'fitness', nameWord: 'fit', cpc: [0.5, 3.8], weight: 0.9, peakMonth: 0, seasonality: 0.4,
    subjects: ['home gym', 'dumbbells', 'yoga mat', 'protein powder', 'resistance bands', 'kettlebell', 'exercise bike', 'pull up bar', 'gym membership', 'workout plan', 'rowing machine', 'creatine', 'pilates classes', 'fitness tracker', 'weight bench', 'jump rope'],
    verbs: ['build', 'start', 'use', 'choose', 'lose weight with', 'warm up for', 'set up', 'track'],
  },
  {
    slug: 'electronics', nameWord: 'tech', cpc: [0.5, 3.5], weight: 1.0, peakMonth: 10, seasonality: 0.35,
    subjects: ['wireless earbuds', 'gaming laptop', 'smart tv', 'mechanical keyboard', 'robot vacuum', 'phone case', 'portable charger', 'bluetooth speaker', 'gaming monitor', 'action camera', 'smart watch', 'e reader', 'noise cancelling headphones', 'usb c hub', 'drone', 'mesh wifi'],
    verbs: ['connect', 'reset', 'charge', 'clean', 'choose', 'update', 'pair', 'fix'],
  },
  {
    slug: 'legal', nameWord: 'law', cpc: [12, 85], weight: 0.5, peakMonth: 2, seasonality: 0.1,
    subjects: ['personal injury lawyer', 'divorce lawyer', 'will writing', 'immigration lawyer', 'employment lawyer', 'dui attorney', 'estate planning', 'small claims', 'trademark registration', 'power of attorney', 'tenant rights', 'bankruptcy attorney'],
    verbs: ['file for', 'find', 'write', 'pay for', 'prepare for', 'apply for', 'appeal', 'register'],
  },
  {
    slug: 'education', nameWord: 'learn', cpc: [1.8, 12], weight: 0.8, peakMonth: 8, seasonality: 0.35,
    subjects: ['online courses', 'coding bootcamp', 'language app', 'mba programs', 'spanish lessons', 'data science course', 'tutoring', 'gre prep', 'piano lessons', 'typing test', 'online degree', 'driving lessons', 'photography course', 'nursing programs'],
    verbs: ['learn', 'study for', 'pass', 'pay for', 'choose', 'enroll in', 'prepare for', 'finish'],
  },
];

/** Words that make a term commercial (buyers), with how much they raise the CPC. */
export const buyerModifiers: [word: string, cpcFactor: number][] = [
  ['best', 1.3], ['cheap', 1.2], ['buy', 1.6], ['discount', 1.4], ['sale', 1.4], ['deals', 1.4], ['top rated', 1.3],
  ['affordable', 1.2], ['premium', 1.3], ['used', 0.9], ['luxury', 1.3], ['professional', 1.2],
];
export const descriptiveModifiers = ['small', 'large', 'lightweight', 'waterproof', 'quiet', 'portable', 'eco friendly', 'beginner', 'kids', 'mens', 'womens', 'compact'];
export const suffixes: [word: string, transactional: boolean][] = [
  ['near me', true], ['reviews', false], ['for beginners', false], ['online', true], ['price', true],
  ['2026', false], ['comparison', false], ['coupon', true], ['for sale', true], ['ideas', false], ['vs', false],
];
export const questionTemplates = ['how to {verb} {subject}', 'what is the best {subject}', 'are {subject} worth it', 'how much does {subject} cost', 'why is my {subject} not working', 'when to {verb} {subject}', 'which {subject} should i buy', 'do i need {subject}'];

/** Syllables of the invented brand names. */
export const brandStarts = ['nor', 'vel', 'tra', 'quin', 'bar', 'lum', 'zen', 'cor', 'pix', 'mar', 'dal', 'fen', 'kor', 'rav', 'sol', 'tes', 'ul', 'var', 'wex', 'yor', 'bri', 'cal', 'dro', 'eli', 'fal', 'gri', 'hal', 'jun', 'kel', 'lor', 'mox', 'nev', 'ori', 'pel', 'ros', 'sav', 'tor', 'vin', 'zor', 'ash'];
export const brandEnds = ['vex', 'ora', 'ly', 'ist', 'ton', 'ago', 'ix', 'ent', 'ara', 'iko', 'well', 'ford', 'dale', 'hub', 'nest', 'mart', 'wise', 'point', 'lab', 'works', 'ion', 'ella', 'ando', 'ery', 'ova'];

/** Sites that rank across every topic, by kind (invented names). */
export const generalSites: { name: string; kind: GeneralKind; authority: number }[] = [
  { name: 'shopsphere.example', kind: 'marketplace', authority: 60 },
  { name: 'wikiverse.example', kind: 'encyclopedia', authority: 80 },
  { name: 'askloop.example', kind: 'forum', authority: 35 },
  { name: 'viewtube.example', kind: 'video', authority: 70 },
  { name: 'dailyherald.example', kind: 'news', authority: 25 },
  { name: 'bargainbay.example', kind: 'marketplace', authority: 30 },
  { name: 'threadhive.example', kind: 'forum', authority: 40 },
  { name: 'consumerlens.example', kind: 'news', authority: 20 },
];
export type GeneralKind = 'marketplace' | 'encyclopedia' | 'forum' | 'video' | 'news';
