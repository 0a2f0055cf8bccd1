import { describe, expect, it } from '@jest/globals';
import { territoryOfLanguages } from './country';

describe('territoryOfLanguages (onboarding’s default territory, issue 24)', () => {
  it.each([
    [['en-GB', 'en'], 'UK'],
    [['pt-BR'], 'BR'],
    [['de'], 'DE'],
    [['en-US', 'en'], 'US'],
    [['en'], 'US'],
    [['zh-Hant-TW', 'fr-CA'], 'CA'],
    [['de', 'en-US'], 'DE'],
    [['es-419', 'es'], 'ES'],
    [['xx', 'zz-QQ'], null],
    [[], null],
  ])('%j → %s', (languages, territory) => expect(territoryOfLanguages(languages)).toBe(territory));
});
