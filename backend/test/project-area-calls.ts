import type { AddGroupAnswer, ImportAnswer, LabelRow, LinkContactEvent, LinkNote, LinkSummary, LinkTask } from '@serpwise/contracts';
import type { HttpSession } from '../../infra/test/http-session.js';
import type { TestDatabase } from '../../infra/test/test-services.js';
import { emptyId, importKeywords, insertProject, json, nsa } from './projects-support.js';

/**
 * Every project-area call (the 48 documented /NsaApi/MySerpwise calls, ours such as GetKeywordDetails, and the outreach lists), with an owner's
 * records for them to name: shared by projects-access.int.spec.ts (who may call what) and security.int.spec.ts
 * (the team member's access matrix, issue 16).
 */
export interface Fixture {
  projectId: string;
  secondProjectId: string;
  projectName: string;
  term: string;
  termId: string;
  groupHash: string;
  labelHash: string;
  labelName: string;
  importId: string;
  urlId: string;
  url: string;
  domainId: string;
  domain: string;
  noteRowId: string;
  taskRowId: string;
  eventRowId: string;
  contactId: string;
}

export interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => Record<string, unknown>;
  /** Changes something (a documented GET that does carries the cross-site token). */
  changes: boolean;
  /** The access level: 'full' calls refuse free users. */
  level: 'user' | 'full';
  /** Names one of the owner's records: another account gets 404. Otherwise it is about the caller's own data. */
  namesRecord: boolean;
  /** Holds no project data (a catalogue, the account's usage): a shut-out team member may still call it. */
  accountWide?: boolean;
}

export const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const calls: Call[] = [
  // Projects
  { name: 'GetProjects', method: 'GET', path: () => `${nsa}/Projects/GetProjects`, changes: false, level: 'user', namesRecord: false },
  { name: 'CreateProject', method: 'GET', path: () => `${nsa}/Projects/CreateProject?projectName=Intruder&primaryDomainName=intruder.example`, changes: true, level: 'user', namesRecord: false },
  { name: 'PatchProject', method: 'GET', path: (f) => `${nsa}/Projects/PatchProject?${q({ projectId: f.projectId, projectName: 'Hijacked' })}`, changes: true, level: 'user', namesRecord: true },
  { name: 'DeleteProject', method: 'GET', path: (f) => `${nsa}/Projects/DeleteProject?projectId=${f.projectId}`, changes: true, level: 'user', namesRecord: true },
  { name: 'SearchProjectsForTerms', method: 'POST', path: () => `${nsa}/ProjectActions/SearchProjectsForTerms`, body: (f) => ({ terms: [f.term], termIdsCsv: f.termId }), changes: false, level: 'user', namesRecord: false },
  { name: 'MoveDomainToProject', method: 'GET', path: (f) => `${nsa}/ProjectActions/MoveDomainToProject?${q({ domainId: f.domainId, projectId: emptyId })}`, changes: true, level: 'full', namesRecord: true },
  // Keywords
  { name: 'GetTracking', method: 'GET', path: (f) => `${nsa}/Keywords/KeywordTracking/GetTracking?${q({ projectId: f.projectId, termIdsCsv: f.termId })}`, changes: false, level: 'user', namesRecord: true },
  { name: 'GetTracking (all projects)', method: 'GET', path: (f) => `${nsa}/Keywords/KeywordTracking/GetTracking?${q({ projectId: emptyId, termIdsCsv: f.termId })}`, changes: false, level: 'user', namesRecord: false },
  { name: 'GetKeywordList', method: 'GET', path: (f) => `${nsa}/Keywords/Keywords/GetKeywordList?projectId=${f.projectId}`, changes: false, level: 'full', namesRecord: true },
  // Ours (issue 24): the keyword-details panel route's call.
  { name: 'GetKeywordDetails', method: 'GET', path: (f) => `${nsa}/Keywords/Keywords/GetKeywordDetails?${q({ projectId: f.projectId, termId: f.termId })}`, changes: false, level: 'full', namesRecord: true },
  { name: 'KeywordCount', method: 'GET', path: () => `${nsa}/Keywords/Keywords/KeywordCount`, changes: false, level: 'user', namesRecord: false, accountWide: true },
  { name: 'DeleteKeywordsFromProject', method: 'POST', path: () => `${nsa}/Keywords/Keywords/DeleteKeywordsFromProject`, body: (f) => ({ projectId: f.projectId, termIdsCsv: f.termId }), changes: true, level: 'full', namesRecord: true },
  { name: 'GetGroups', method: 'GET', path: (f) => `${nsa}/Keywords/Groups/GetGroups?projectId=${f.projectId}`, changes: false, level: 'full', namesRecord: true },
  { name: 'Groups/Details', method: 'GET', path: (f) => `${nsa}/Keywords/Groups/Details?${q({ projectId: f.projectId, groupHash: f.groupHash })}`, changes: false, level: 'full', namesRecord: true },
  { name: 'AddGroup', method: 'GET', path: (f) => `${nsa}/Keywords/Groups/AddGroup?${q({ projectId: f.projectId, name: 'Intruder' })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'RenameGroup', method: 'GET', path: (f) => `${nsa}/Keywords/Groups/RenameGroup?${q({ projectId: f.projectId, groupHash: f.groupHash, name: 'Hijacked' })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'DeleteGroup', method: 'GET', path: (f) => `${nsa}/Keywords/Groups/DeleteGroup?${q({ projectId: f.projectId, groupHash: f.groupHash })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'DeleteGroups', method: 'GET', path: (f) => `${nsa}/Keywords/Groups/DeleteGroups?${q({ projectId: f.projectId, groupHashCsv: f.groupHash })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'GroupActions/RemoveKeywords', method: 'POST', path: () => `${nsa}/Keywords/GroupActions/RemoveKeywords`, body: (f) => ({ groupHash: f.groupHash, termIdsCsv: f.termId }), changes: true, level: 'full', namesRecord: true },
  { name: 'GetLabels', method: 'GET', path: (f) => `${nsa}/Keywords/Labels/GetLabels?projectId=${f.projectId}`, changes: false, level: 'full', namesRecord: true },
  { name: 'DeleteLabels', method: 'POST', path: () => `${nsa}/Keywords/Labels/DeleteLabels`, body: (f) => ({ projectId: f.projectId, labelHashCsv: f.labelHash }), changes: true, level: 'full', namesRecord: true },
  { name: 'LabelActions/AddKeywords', method: 'POST', path: () => `${nsa}/Keywords/LabelActions/AddKeywords`, body: (f) => ({ projectId: f.projectId, labelName: 'Intruder', termIdsCsv: f.termId }), changes: true, level: 'full', namesRecord: true },
  { name: 'LabelActions/RemoveKeywords', method: 'POST', path: () => `${nsa}/Keywords/LabelActions/RemoveKeywords`, body: (f) => ({ projectId: f.projectId, labelName: f.labelName, termIdsCsv: f.termId }), changes: true, level: 'full', namesRecord: true },
  { name: 'Import', method: 'POST', path: () => `${nsa}/Keywords/KeywordActions/Import`, body: (f) => ({ projectId: f.projectId, termCsv: 'intruder keyword' }), changes: true, level: 'full', namesRecord: true },
  { name: 'NewProjectImport', method: 'POST', path: () => `${nsa}/Keywords/KeywordActions/NewProjectImport`, body: () => ({ projectName: 'Intruder import', primaryDomainName: 'intruder.example', termCsv: 'x' }), changes: true, level: 'full', namesRecord: false },
  { name: 'UndoImport', method: 'POST', path: () => `${nsa}/Keywords/KeywordActions/UndoImport`, body: (f) => ({ importId: f.importId }), changes: true, level: 'full', namesRecord: true },
  { name: 'MigrateToGroup', method: 'POST', path: () => `${nsa}/Keywords/KeywordActions/MigrateToGroup`, body: (f) => ({ projectId: f.projectId, newGroupHash: f.groupHash, termIdsCsv: f.termId }), changes: true, level: 'full', namesRecord: true },
  { name: 'MigrateToProject', method: 'POST', path: () => `${nsa}/Keywords/KeywordActions/MigrateToProject`, body: (f) => ({ projectId: f.projectId, newProjectId: f.secondProjectId, termIdsCsv: f.termId }), changes: true, level: 'full', namesRecord: true },
  // Outreach
  { name: 'GetLinks', method: 'GET', path: (f) => `${nsa}/Link/GetLinks?projectId=${f.projectId}`, changes: false, level: 'user', namesRecord: true },
  { name: 'GetLinks (all projects)', method: 'GET', path: () => `${nsa}/Link/GetLinks?projectId=${emptyId}`, changes: false, level: 'user', namesRecord: false },
  { name: 'GetLink', method: 'GET', path: (f) => `${nsa}/Link/GetLink?urlId=${f.urlId}`, changes: false, level: 'user', namesRecord: true },
  { name: 'AddLink', method: 'GET', path: (f) => `${nsa}/Link/AddLink?${q({ fullUrl: 'https://intruder.example/x', projectId: f.projectId })}`, changes: true, level: 'user', namesRecord: true },
  { name: 'DeleteLink', method: 'GET', path: (f) => `${nsa}/Link/DeleteLink?urlId=${f.urlId}`, changes: true, level: 'user', namesRecord: true },
  { name: 'GetLinkHistory', method: 'GET', path: (f) => `${nsa}/LinkHistory/GetLinkHistory?urlId=${f.urlId}`, changes: false, level: 'full', namesRecord: true },
  { name: 'GetLinkHistory (all projects)', method: 'GET', path: () => `${nsa}/LinkHistory/GetLinkHistory?projectId=${emptyId}`, changes: false, level: 'full', namesRecord: false },
  { name: 'GetLinkNotes', method: 'GET', path: (f) => `${nsa}/LinkNotes/GetLinkNotes?urlId=${f.urlId}`, changes: false, level: 'full', namesRecord: true },
  { name: 'AddLinkNote', method: 'GET', path: (f) => `${nsa}/LinkNotes/AddLinkNote?${q({ urlId: f.urlId, note: 'intruder' })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'DeleteLinkNote', method: 'GET', path: (f) => `${nsa}/LinkNotes/DeleteLinkNote?noteRowId=${f.noteRowId}`, changes: true, level: 'full', namesRecord: true },
  { name: 'GetLinkTasks', method: 'GET', path: (f) => `${nsa}/LinkTasks/GetLinkTasks?urlId=${f.urlId}`, changes: false, level: 'full', namesRecord: true },
  { name: 'AddLinkTask', method: 'GET', path: (f) => `${nsa}/LinkTasks/AddLinkTask?${q({ urlId: f.urlId, title: 'intruder' })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'UpdateLinkTask', method: 'GET', path: (f) => `${nsa}/LinkTasks/UpdateLinkTask?${q({ taskRowId: f.taskRowId, isComplete: 'true' })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'DeleteLinkTask', method: 'GET', path: (f) => `${nsa}/LinkTasks/DeleteLinkTask?taskRowId=${f.taskRowId}`, changes: true, level: 'full', namesRecord: true },
  { name: 'GetLinkContactEvents', method: 'GET', path: (f) => `${nsa}/LinkContactEvents/GetLinkContactEvents?urlId=${f.urlId}`, changes: false, level: 'full', namesRecord: true },
  { name: 'AddLinkContactEvent', method: 'GET', path: (f) => `${nsa}/LinkContactEvents/AddLinkContactEvent?${q({ urlId: f.urlId, eventType: 'email' })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'DeleteLinkContactEvent', method: 'GET', path: (f) => `${nsa}/LinkContactEvents/DeleteLinkContactEvent?rowId=${f.eventRowId}`, changes: true, level: 'full', namesRecord: true },
  { name: 'GetRelationships', method: 'GET', path: () => `${nsa}/Relationships/GetRelationships`, changes: false, level: 'full', namesRecord: false, accountWide: true },
  { name: 'Relationships/UpdateDomain', method: 'GET', path: (f) => `${nsa}/Relationships/UpdateDomain?${q({ domainId: f.domainId, relationshipId: 'declined' })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'Relationships/UpdateUrl', method: 'GET', path: (f) => `${nsa}/Relationships/UpdateUrl?${q({ urlId: f.urlId, relationshipId: 'declined' })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'Ratings/UpdateDomain', method: 'GET', path: (f) => `${nsa}/Ratings/UpdateDomain?${q({ domainId: f.domainId, rating: '1' })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'Ratings/UpdateUrl', method: 'GET', path: (f) => `${nsa}/Ratings/UpdateUrl?${q({ urlId: f.urlId, rating: '1' })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'Tags/UpdateTags', method: 'GET', path: (f) => `${nsa}/Tags/UpdateTags?${q({ domainId: f.domainId, tags: 'hijacked' })}`, changes: true, level: 'full', namesRecord: true },
  { name: 'Contexts/GetDomain', method: 'GET', path: (f) => `${nsa}/Contexts/GetDomain?domainId=${f.domainId}`, changes: false, level: 'user', namesRecord: true },
  { name: 'Contexts/GetDomain (by name)', method: 'GET', path: (f) => `${nsa}/Contexts/GetDomain?domain=${f.domain}`, changes: false, level: 'user', namesRecord: false },
  { name: 'Contexts/GetUrl', method: 'GET', path: (f) => `${nsa}/Contexts/GetUrl?urlId=${f.urlId}`, changes: false, level: 'user', namesRecord: true },
  { name: 'Contexts/GetUrl (by address)', method: 'GET', path: (f) => `${nsa}/Contexts/GetUrl?${q({ url: f.url })}`, changes: false, level: 'user', namesRecord: false },
  { name: 'OutreachImport', method: 'POST', path: () => `${nsa}/import/OutreachImport`, body: (f) => ({ projectId: f.projectId, rows: [{ url: 'https://intruder.example/y' }] }), changes: true, level: 'full', namesRecord: true },
  { name: 'websites', method: 'GET', path: (f) => `/rest/projects/websites?projectId=${f.projectId}`, changes: false, level: 'full', namesRecord: true },
  { name: 'websites (all projects)', method: 'GET', path: () => `/rest/projects/websites`, changes: false, level: 'full', namesRecord: false },
  { name: 'website', method: 'GET', path: (f) => `/rest/projects/website?domainId=${f.domainId}`, changes: false, level: 'full', namesRecord: true },
  { name: 'contacts', method: 'GET', path: (f) => `/rest/projects/contacts?projectId=${f.projectId}`, changes: false, level: 'full', namesRecord: true },
  { name: 'contacts (all projects)', method: 'GET', path: () => `/rest/projects/contacts`, changes: false, level: 'full', namesRecord: false },
  { name: 'contact', method: 'GET', path: (f) => `/rest/projects/contact?contactId=${f.contactId}`, changes: false, level: 'full', namesRecord: true },
];

export function sendCall(browser: HttpSession, call: Call, fixture: Fixture): Promise<Response> {
  const path = call.path(fixture);
  if (call.method === 'POST') return browser.post(path, call.body?.(fixture) ?? {});
  return call.changes ? browser.getWithToken(path) : browser.get(path);
}

/** A digest of everything the owner has in the project area: any change to it shows. */
export async function ownerDigest(database: TestDatabase, ownerId: string): Promise<string> {
  const [row] = await database.query<{ digest: string }>(
    `select md5(string_agg(line, '|' order by line)) as digest from (
       select 'p:' || p::text as line from project p where owner_user_id = $1
       union all select 'k:' || k::text from project_keyword k join project p on p.id = k.project_id where p.owner_user_id = $1
       union all select 'g:' || g::text from keyword_group g join project p on p.id = g.project_id where p.owner_user_id = $1
       union all select 'gt:' || t::text from keyword_group_term t join keyword_group g on g.group_hash = t.group_hash join project p on p.id = g.project_id where p.owner_user_id = $1
       union all select 'l:' || l::text from keyword_label l join project p on p.id = l.project_id where p.owner_user_id = $1
       union all select 'lt:' || t::text from keyword_label_term t join keyword_label l on l.label_hash = t.label_hash join project p on p.id = l.project_id where p.owner_user_id = $1
       union all select 'i:' || i::text from keyword_import i join project p on p.id = i.project_id where p.owner_user_id = $1
       union all select 'w:' || w::text from outreach_website w where owner_user_id = $1
       union all select 'u:' || u::text from outreach_link u where owner_user_id = $1
       union all select 'c:' || c::text from outreach_contact c join outreach_website w on w.id = c.website_id where w.owner_user_id = $1
       union all select 'n:' || n::text from link_note n join outreach_link u on u.id = n.link_id where u.owner_user_id = $1
       union all select 't:' || t::text from link_task t join outreach_link u on u.id = t.link_id where u.owner_user_id = $1
       union all select 'e:' || e::text from link_contact_event e join outreach_link u on u.id = e.link_id where u.owner_user_id = $1
       union all select 'h:' || h::text from outreach_history h where owner_user_id = $1) lines`,
    [ownerId],
  );
  return row!.digest;
}

/** A project with a keyword (in a group, with a label, from an import), a second project, and an outreach link with a note, a task and a contact event. */
export async function createFixture(database: TestDatabase, ownerBrowser: HttpSession, ownerId: string): Promise<Fixture> {
  const projectName = 'Owner secret project';
  const projectId = await insertProject(database, ownerId, { name: projectName, domain: 'owner.example' });
  const secondProjectId = await insertProject(database, ownerId, { name: 'Owner second project' });
  const imported = await json<ImportAnswer>(await importKeywords(ownerBrowser, { projectId, termCsv: 'owner secret term', groupNameCsv: 'Owner group', labelNameCsv: 'Owner label' }));
  const [label] = await json<LabelRow[]>(await ownerBrowser.get(`${nsa}/Keywords/Labels/GetLabels?projectId=${projectId}`));
  const group = (await json<{ groups: AddGroupAnswer[] }>(await ownerBrowser.get(`${nsa}/Keywords/Groups/GetGroups?projectId=${projectId}`))).groups[0]!;
  const link = await json<LinkSummary>(await ownerBrowser.getWithToken(`${nsa}/Link/AddLink?${q({ fullUrl: 'https://partner-secret.example/page', projectId })}`));
  const note = await json<LinkNote>(await ownerBrowser.getWithToken(`${nsa}/LinkNotes/AddLinkNote?${q({ urlId: link.urlId, note: 'owner note' })}`));
  const task = await json<LinkTask>(await ownerBrowser.getWithToken(`${nsa}/LinkTasks/AddLinkTask?${q({ urlId: link.urlId, title: 'owner task' })}`));
  const event = await json<LinkContactEvent>(
    await ownerBrowser.getWithToken(`${nsa}/LinkContactEvents/AddLinkContactEvent?${q({ urlId: link.urlId, eventType: 'email', contactEmail: 'contact@partner-secret.example' })}`),
  );
  return {
    projectId,
    secondProjectId,
    projectName,
    term: 'owner secret term',
    termId: imported.termIdsCsv,
    groupHash: group.groupHash,
    labelHash: label!.labelHash,
    labelName: label!.labelName,
    importId: imported.importId!,
    urlId: link.urlId,
    url: link.urlName,
    domainId: link.domainId,
    domain: link.domainName,
    noteRowId: note.noteRowId,
    taskRowId: task.taskRowId,
    eventRowId: event.rowId,
    contactId: event.contact!.contactId,
  };
}

/** Texts that only the owner's data contains. */
export const ownerSecrets = (fixture: Fixture) => [fixture.projectId, fixture.projectName, fixture.urlId, fixture.domainId, fixture.groupHash, fixture.contactId];
