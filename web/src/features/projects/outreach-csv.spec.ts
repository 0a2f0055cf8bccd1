import { describe, expect, it } from '@jest/globals';
import { outreachRowsOf, parseCsv } from './outreach-csv';

describe('outreach files', () => {
  it('splits quoted fields, doubled quotes and both line ends', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\nd,,e\n\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['d', '', 'e'],
    ]);
  });

  it('reads rows by the header, in any order and case, leaving empty cells out', () => {
    const { rows, error } = outreachRowsOf('Domain,URL,contactEmail,tags,rating,unknown\nshop.example,https://shop.example/a,ed@shop.example,guest; bulk ,3,x\nother.example,,,,,\n');
    expect(error).toBeNull();
    expect(rows).toEqual([
      { domain: 'shop.example', url: 'https://shop.example/a', contactEmail: 'ed@shop.example', tags: ['guest', 'bulk'], rating: 3 },
      { domain: 'other.example', tags: [] },
    ]);
  });

  it('reads column names written with spaces, underscores or another case, as spreadsheets and other tools write them', () => {
    const { rows, error } = outreachRowsOf('\uFEFFURL;Contact Name;contact_email;Contact-Role;TAGS\r\nhttps://blog.example/a;Ana Ruiz;ana@blog.example;Editor;guest\r\n');
    expect(error).toBeNull();
    expect(rows).toEqual([{ url: 'https://blog.example/a', contactName: 'Ana Ruiz', contactEmail: 'ana@blog.example', contactRole: 'Editor', tags: ['guest'] }]);
  });

  it('says what is wrong with a file without a usable header or rows', () => {
    expect(outreachRowsOf('').error).toBe('The file is empty.');
    expect(outreachRowsOf('name,email\nx,y').error).toBe('The first line must name the columns, with url or domain among them.');
    expect(outreachRowsOf('url\n').error).toBe('The file has no rows under its header.');
  });
});
