import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { createProjectQuerySchema, getUserAttributeSchema, receiptQuerySchema, receiptsQuerySchema, suggestionRequestSchema } from '@serpwise/contracts';
import { ZodValidationPipe } from './zod-validation.pipe.js';

const receiptId = '123e4567-e89b-42d3-a456-426614174000';

describe('ZodValidationPipe and the web client decoration (docs/decisions.md issue 24)', () => {
  it('drops the countryCode the web client adds to every /NsaApi/ call where the call does not use it', () => {
    expect(new ZodValidationPipe(receiptsQuerySchema).transform({ includeDeclines: 'true', countryCode: 'US' })).toEqual({ includeDeclines: 'true' });
    expect(new ZodValidationPipe(receiptQuerySchema).transform({ id: receiptId, countryCode: 'DE' })).toEqual({ id: receiptId });
    expect(new ZodValidationPipe(getUserAttributeSchema).transform({ name: 'TABLE_PAGE_SIZE', countryCode: 'US' })).toEqual({ name: 'TABLE_PAGE_SIZE' });
    // Through a transform: the schema's own output, without countryCode.
    expect(new ZodValidationPipe(createProjectQuerySchema).transform({ name: 'Shop', domain: 'shop.example', countryCode: 'US' })).toEqual({
      name: 'Shop',
      domain: 'shop.example',
      territory: 'US',
    });
  });

  it('keeps countryCode for a call that reads it', () => {
    expect(new ZodValidationPipe(suggestionRequestSchema).transform({ query: 'shoes', countryCode: 'DE' })).toMatchObject({ countryCode: 'DE' });
  });

  it('still refuses any other unknown key', () => {
    const pipe = new ZodValidationPipe(receiptsQuerySchema);
    expect(() => pipe.transform({ includeDeclines: 'true', countryCode: 'US', includeDecline: 'true' })).toThrow(BadRequestException);
  });
});
