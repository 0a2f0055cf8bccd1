/**
 * The texts of the project area. `documented` are docs/product/projects.md §1, §5 and §8 word for word (the spelling
 * 'aleady' included); the rest are ours (docs/decisions.md, "Projects"). The API answers with these and the web
 * shows the same words.
 */

const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** Where keywords went or came from, for the messages that name a group or label. */
export interface KeywordTarget {
  kind: 'project' | 'group' | 'label';
  name: string;
}
const targetText = (target: KeywordTarget) => `${target.kind} "${target.name}"`;

export const projectMessages = {
  // --- documented (docs/product/projects.md §8, §5, §1)
  keywordLimit: (used: number, total: number) => `Unable to add keywords. You are currently tracking ${count(used)}/${count(total)} keywords`,
  keywordAlreadyExists: (keyword: string, project: string, group?: string | null) =>
    `"${keyword}" aleady exists in project "${project}"${group ? ` in group "${group}"` : ''}`,
  selectedKeywordsExist: (project: string) => `Selected keywords aleady exist in project ${project}.`,
  keywordsImported: (project: string, somePresent: boolean) =>
    `Keywords successfully imported to project ${project}${somePresent ? ', though some keywords were already present.' : ''}`,
  undoing: ["Alright, you're the boss. Undoing...", 'Nevermind, undoing that last part.'] as const,
  groupCreated: 'New group successfully added',
  groupCreatedStatus: 'Group created',
  groupDeleteConfirmOne: 'This action cannot be undone. This will permanently delete this group.',
  groupDeleteConfirmMany: 'This action cannot be undone. This will permanently delete these groups.',
  groupDeleteButtonOne: 'Yes, delete this group',
  groupDeleteButtonMany: 'Yes, delete these groups',
  areYouSure: 'Are you absolutely sure?',
  tooManyColumns: 'You may only have 5 columns displayed at a time',
  tooFewColumns: 'You must have at least one column displayed',
  matchTypeNeedsVisibleColumn: (column: string) => `Add ${column} to your columns (above) before you adjust the match type.`,
  noItemsForFilter: 'No items found with this filter',
  textareaTooLong: (max: number) => `The max number of characters is ${max}`,
  groupNamePlaceholder: 'Enter Group Name...',
  /** The documents' 'compares to the prior week'; the warehouse is monthly, so the tooltip names the month (rankChangeSince). */
  rankChangeSince: (period: string | null) => (period ? `Change since ${period}` : 'No earlier month to compare with yet.'),

  // --- ours: the import results the documents list without wording (docs/product/projects.md §8 "Import result messages")
  keywordAdded: (keyword: string, project: string, group?: string | null) =>
    `"${keyword}" was added to project "${project}"${group ? ` in group "${group}"` : ''}`,
  keywordsAdded: (added: number, target: KeywordTarget) => `${plural(added, 'keyword', 'keywords')} added to ${targetText(target)}`,
  keywordsRemoved: (removed: number, target: KeywordTarget) => `${plural(removed, 'keyword', 'keywords')} removed from ${targetText(target)}`,
  keywordsMoved: (moved: number, target: KeywordTarget) => `${plural(moved, 'keyword', 'keywords')} moved to ${targetText(target)}`,
  importUndone: (terms: number, groups: number) =>
    `Undone: ${plural(terms, 'keyword', 'keywords')}${groups ? ` and ${plural(groups, 'group', 'groups')}` : ''} removed.`,

  // --- ours: refusals
  noProjects: 'Create a project first.',
  noProjectSelected: 'Select a project first.',
  projectNotFound: 'Project not found.',
  groupNotFound: 'Group not found.',
  keywordNotFound: 'That keyword is not in the project.',
  labelNotFound: 'Label not found.',
  importNotFound: 'Import not found.',
  importAlreadyUndone: 'That import has already been undone.',
  projectNameRequired: 'Enter a project name.',
  domainRequired: 'Enter a domain.',
  projectSaved: (name: string) => `Project "${name}" saved.`,
  projectDeleted: (name: string) => `Project "${name}" deleted.`,
  nothingToSave: 'Nothing changed, so nothing was saved.',
  projectNameTaken: (name: string) => `A project named "${name}" already exists.`,
  groupNameRequired: 'Enter a group name.',
  groupNameTaken: (name: string) => `A group named "${name}" already exists in this project.`,
  labelNameRequired: 'Enter a label name.',
  noKeywords: 'Enter at least one keyword, one per line.',
  importTooLarge: (max: number) => `Import at most ${count(max)} keywords at a time.`,
  importQueued: (terms: number, project: string) => `Importing ${count(terms)} keywords to project ${project}…`,
  sameProject: 'The keywords are already in that project: choose another one.',
  keywordsNeedFullPlan: 'Adding keywords needs a full plan. Upgrade to track keywords.',
  teamNoAccess: 'The account owner has not shared projects with you.',
  teamViewOnly: 'The account owner lets you view projects but not change them.',
} as const;

export const outreachMessages = {
  websiteNotFound: 'Website not found.',
  linkNotFound: 'Link not found.',
  contactNotFound: 'Contact not found.',
  noteNotFound: 'Note not found.',
  taskNotFound: 'Task not found.',
  contactEventNotFound: 'Contact event not found.',
  urlInvalid: 'Enter a full web address, like https://example.com/page.',
  domainInvalid: 'Enter a valid domain, like example.com.',
  websiteAlreadyInProject: (domain: string) => `The project already has the website ${domain}.`,
  importTooLarge: (max: number) => `Import at most ${count(max)} rows at a time.`,
  importEmpty: 'The import has no rows.',
  importQueued: (rows: number) => `Importing ${count(rows)} rows…`,
  domainOrUrlNeeded: 'Name a website (domainId or domain) or a link (urlId).',
} as const;

/** The upsell non-full users see in the panel (docs/product/projects.md §1). */
export const panelUpsell = {
  heading: 'Unlimited Projects - Unlimited Insight',
  bullets: [
    'Save and organize keywords and links',
    'Export custom keyword groups',
    'Track and analyze backlinks',
    'Access backlink contacts',
    'Create unlimited projects',
  ],
  text: 'Unlimited access only $33 - money back guarantee.',
  button: 'Upgrade Now',
  href: '/mainpurchase/?page=default',
} as const;

/** Error codes the import flow reacts to (docs/product/projects.md §4, §8): NO_PROJECTS opens create-project, NO_PROJECT_SELECTED the selector. */
export const importErrorCodes = { noProjects: 'NO_PROJECTS', noProjectSelected: 'NO_PROJECT_SELECTED' } as const;
export type ImportErrorCode = (typeof importErrorCodes)[keyof typeof importErrorCodes];
