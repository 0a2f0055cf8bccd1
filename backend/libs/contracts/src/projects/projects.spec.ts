import { describe, expect, it } from '@jest/globals';
import { importKeywordsBodySchema, deleteGroupQuerySchema, getTrackingQuerySchema } from './keywords.api.js';
import { updateTagsQuerySchema } from './outreach.api.js';
import { createProjectQuerySchema } from './projects.api.js';
import { keywordsOfText } from '../text/normalise.js';
import { columnChoiceError, normaliseTags } from './limits.js';
import { projectMessages } from './messages.js';

describe('project-area texts', () => {
  it('words the documented messages exactly', () => {
    expect(projectMessages.keywordLimit(5000, 5000)).toBe('Unable to add keywords. You are currently tracking 5,000/5,000 keywords');
    expect(projectMessages.keywordAlreadyExists('red shoes', 'Shop')).toBe('"red shoes" aleady exists in project "Shop"');
    expect(projectMessages.keywordAlreadyExists('red shoes', 'Shop', 'Summer')).toBe('"red shoes" aleady exists in project "Shop" in group "Summer"');
    expect(projectMessages.selectedKeywordsExist('Shop')).toBe('Selected keywords aleady exist in project Shop.');
    expect(projectMessages.keywordsImported('Shop', false)).toBe('Keywords successfully imported to project Shop');
    expect(projectMessages.keywordsImported('Shop', true)).toBe('Keywords successfully imported to project Shop, though some keywords were already present.');
    expect(projectMessages.keywordsAdded(1, { kind: 'label', name: 'Brand' })).toBe('1 keyword added to label "Brand"');
    expect(columnChoiceError(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('You may only have 5 columns displayed at a time');
    expect(columnChoiceError([])).toBe('You must have at least one column displayed');
    expect(columnChoiceError(['costPerClick'])).toBeNull();
  });
});

describe('keyword text and tags', () => {
  it('takes one keyword per line (or comma), normalised, without blanks or repeats', () => {
    expect(keywordsOfText('  Red   Shoes \n\nred shoes\r\nBlue hats, green hats\n')).toEqual(['red shoes', 'blue hats', 'green hats']);
  });

  it('follows the tag input rules', () => {
    expect(normaliseTags([' seo ', '', 'SEO', 'guest post', 'x'.repeat(51)])).toEqual({ tags: ['seo', 'guest post'], duplicates: ['SEO'], invalid: ['x'.repeat(51)] });
  });
});

describe('request schemas', () => {
  it('merges the import payload forms', () => {
    const parsed = importKeywordsBodySchema.parse({
      projectId: '123e4567-e89b-42d3-a456-426614174000',
      termCsv: 'a\nb',
      keywords: [{ keyword: 'c' }, { term: 'd' }],
      groupNameCsv: 'Summer, summer ,Winter',
    });
    expect(parsed).toEqual({ projectId: '123e4567-e89b-42d3-a456-426614174000', texts: ['a\nb', 'c', 'd'], groupNames: ['Summer', 'Winter'], labelNames: [] });
  });

  it('parses id lists and refuses a bad id with a clear message', () => {
    const query = { projectId: '00000000-0000-0000-0000-000000000000' };
    expect(getTrackingQuerySchema.parse({ ...query, termIdsCsv: '3, 1,3' }).termIdsCsv).toEqual([3, 1]);
    const bad = getTrackingQuerySchema.safeParse({ ...query, termIdsCsv: '1,x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('termIdsCsv must list ids separated by commas; "x" is not one.');
    expect(deleteGroupQuerySchema.safeParse({ projectId: query.projectId }).error?.issues[0]?.message).toBe('Name the group: groupHash or groupHashCsv.');
  });

  it('accepts the onboarding and the documented names of CreateProject, and refuses unknown fields', () => {
    expect(createProjectQuerySchema.parse({ projectName: ' My  Shop ', primaryDomainName: 'shop.example' })).toEqual({ name: 'My Shop', domain: 'shop.example', territory: 'US' });
    expect(createProjectQuerySchema.parse({ name: 'Blog', domain: 'blog.example', territory: 'UK' })).toEqual({ name: 'Blog', domain: 'blog.example', territory: 'UK' });
    expect(createProjectQuerySchema.safeParse({ name: 'X', domain: 'x.com', ownerUserId: 'me' }).success).toBe(false);
  });

  it('takes tags from repeated parameters and needs exactly one target', () => {
    const domainId = '123e4567-e89b-42d3-a456-426614174000';
    expect(updateTagsQuerySchema.parse({ domainId, tags: ['seo', ' SEO', 'blog'] }).tags).toEqual(['seo', 'blog']);
    expect(updateTagsQuerySchema.parse({ domainId }).tags).toEqual([]);
    expect(updateTagsQuerySchema.safeParse({ domainId, urlId: domainId, tags: 'a' }).success).toBe(false);
  });
});
