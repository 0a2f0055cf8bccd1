/** Product updates shown on /whats-new and in the footer's update section (newest first). */
export interface ProductUpdate {
  date: string;
  title: string;
  text: string;
  tag: 'New' | 'Improved' | 'Fixed';
}

export const productUpdates: ProductUpdate[] = [
  {
    date: '2026-11-12',
    title: 'Live export progress',
    text: 'CSV, Excel and PDF exports now report their progress as they run, and the download link appears the moment the file is ready. Close the tab and come back: the export keeps going.',
    tag: 'New',
  },
  {
    date: '2026-10-28',
    title: 'SEO ranking history by month',
    text: 'See which keywords a domain gained and lost in any month since it first ranked, with the position each one held.',
    tag: 'New',
  },
  {
    date: '2026-10-09',
    title: 'AI Content Assistant',
    text: 'Enter your website and the assistant finds the topics your pages miss compared with the pages that outrank you, then drafts the copy to fill the gaps.',
    tag: 'New',
  },
  {
    date: '2026-09-17',
    title: 'Faster keyword suggestions',
    text: 'The search box now suggests domains and keywords as you type, ordered by how much traffic they get in the territory you picked.',
    tag: 'Improved',
  },
  {
    date: '2026-08-21',
    title: 'PPC Kombat and PPC keywords',
    text: 'Compare up to three advertisers and see the keywords all of them buy, the ones only your rivals buy, and the ones you are wasting money on.',
    tag: 'New',
  },
  {
    date: '2026-07-30',
    title: 'Team seats on every plan',
    text: 'Add teammates from Account › Team management. Each seat has its own login, and the account owner keeps billing.',
    tag: 'Improved',
  },
];
