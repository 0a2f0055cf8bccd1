import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, serialIdProperty, uuidIdProperty } from './row-properties.js';
import { ProjectSchema } from './project.entity.js';

/**
 * The keywords users track (docs/product/projects.md §3): one dictionary of terms shared by every project, so a term has one
 * termId wherever it is tracked (the membership check and MigrateToProject rely on that). Terms are stored
 * normalised like the warehouse's keyword.term (lower case, single spaces, trimmed); metrics come from the warehouse
 * by (project territory, term).
 */
export const TrackedTermSchema = defineEntity({
  name: 'TrackedTerm',
  tableName: 'tracked_term',
  properties: {
    ...serialIdProperty(),
    term: p.text().unique(),
  },
});
export type TrackedTerm = InferEntity<typeof TrackedTermSchema>;

/** A tracked term in a set (the project's keywords, a group, a label): importId names the import that added it (Undo). */
const termMembershipProperties = () => ({
  termId: p.integer().primary(),
  importId: p.uuid().nullable().index(),
  addedAt: p.datetime().onCreate(() => new Date()),
});

/**
 * What a keyword group and a label have, besides their hash: the project (a set goes with it), a name unique in the
 * project ignoring case (termSetNameIndex), and the import that created it (Undo removes it), or null.
 */
const termSetProperties = () => ({
  project: () => p.manyToOne(ProjectSchema).deleteRule('cascade').index(),
  name: p.string().length(120),
  importId: p.uuid().nullable(),
  ...createdAtProperty(),
});
const termSetNameIndex = (table: string) => ({
  name: `${table}_project_name_unique`,
  expression: `create unique index "${table}_project_name_unique" on "${table}" ("project_id", lower("name"))`,
});

/** A term in a project's keyword universe. importId names the import that added it (for Undo). */
export const ProjectKeywordSchema = defineEntity({
  name: 'ProjectKeyword',
  tableName: 'project_keyword',
  properties: {
    project: () => p.manyToOne(ProjectSchema).primary().deleteRule('cascade'),
    ...termMembershipProperties(),
  },
  indexes: [{ properties: ['termId'] }],
});
export type ProjectKeyword = InferEntity<typeof ProjectKeywordSchema>;

/** A keyword group of a project; names are unique in the project, ignoring case. */
export const KeywordGroupSchema = defineEntity({
  name: 'KeywordGroup',
  tableName: 'keyword_group',
  properties: {
    groupHash: p.uuid().primary(),
    ...termSetProperties(),
  },
  indexes: [termSetNameIndex('keyword_group')],
});
export type KeywordGroup = InferEntity<typeof KeywordGroupSchema>;

/** A term in a group (a term may be in several groups of its project). */
export const KeywordGroupTermSchema = defineEntity({
  name: 'KeywordGroupTerm',
  tableName: 'keyword_group_term',
  properties: {
    group: () => p.manyToOne(KeywordGroupSchema).primary().fieldName('group_hash').deleteRule('cascade'),
    ...termMembershipProperties(),
  },
});
export type KeywordGroupTerm = InferEntity<typeof KeywordGroupTermSchema>;

/** A label of a project (labelHash, labelName); names are unique in the project, ignoring case. */
export const KeywordLabelSchema = defineEntity({
  name: 'KeywordLabel',
  tableName: 'keyword_label',
  properties: {
    labelHash: p.uuid().primary(),
    ...termSetProperties(),
  },
  indexes: [termSetNameIndex('keyword_label')],
});
export type KeywordLabel = InferEntity<typeof KeywordLabelSchema>;

export const KeywordLabelTermSchema = defineEntity({
  name: 'KeywordLabelTerm',
  tableName: 'keyword_label_term',
  properties: {
    label: () => p.manyToOne(KeywordLabelSchema).primary().fieldName('label_hash').deleteRule('cascade'),
    ...termMembershipProperties(),
  },
});
export type KeywordLabelTerm = InferEntity<typeof KeywordLabelTermSchema>;

/** One keyword import (KeywordActions/Import, NewProjectImport): what Undo takes back, once. */
export const KeywordImportSchema = defineEntity({
  name: 'KeywordImport',
  tableName: 'keyword_import',
  properties: {
    ...uuidIdProperty(),
    project: () => p.manyToOne(ProjectSchema).deleteRule('cascade').index(),
    /** Who ran it (the owner or a team member). */
    userId: p.uuid(),
    termCount: p.integer(),
    ...createdAtProperty(),
    undoneAt: p.datetime().nullable(),
  },
});
export type KeywordImport = InferEntity<typeof KeywordImportSchema>;
