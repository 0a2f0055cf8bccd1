import { setFlagsFromString } from 'node:v8';
import { keepStringMethodsFast } from './string-prototype.js';

// V8's own answer to "does this object keep its properties in fast mode?" (natives syntax, allowed for this process
// from here on; it only widens what later-compiled code may say).
setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (object: object) => boolean;

describe('keepStringMethodsFast', () => {
  it('puts String.prototype back in fast mode after ioredis made it a dictionary, and keeps it there', async () => {
    // ioredis's `class VerbatimString extends String` (resp/verbatim-string.js) makes String.prototype a dictionary.
    await import('ioredis');
    expect(hasFastProperties(String.prototype)).toBe(false);

    keepStringMethodsFast();
    expect(hasFastProperties(String.prototype)).toBe(true);

    // Another subclass defined later (a library loaded later) leaves it fast.
    class LaterString extends String {}
    expect(new LaterString('y').length).toBe(1);
    expect(hasFastProperties(String.prototype)).toBe(true);
  });
});
