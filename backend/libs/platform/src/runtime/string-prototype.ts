/**
 * Puts String.prototype back in V8's fast mode after a library has made it a dictionary (the worker's and the API's
 * `main`, once their modules are loaded).
 *
 * Why: ioredis defines `class VerbatimString extends String` (resp/verbatim-string.js). Making an object the
 * prototype of a new object puts the prototype in V8's "setup mode", a dictionary of properties; a prototype in that
 * mode goes back to fast properties only when a property load through an object that inherits from it misses its
 * inline cache. Strings are primitives, so the loads of every `text.charCodeAt` / `text.slice` never do: the optimising
 * compiler cannot fold the method out of a dictionary-mode prototype and calls it generically instead. In the worker
 * that made the CSV reader 2.5× slower (a million SERP rows: 0.6 → 1.3 s of CPU in `parseDelimitedRecords`, the whole
 * SERP parser 1.35 → 2.4 s) — the import job's staging cost ~1 s more than the writer in a script without ioredis
 * (docs/decisions.md, "Import speed: String.prototype in dictionary mode").
 *
 * A few loads of a String method through a String wrapper object do miss, and V8 then makes the prototype chain fast
 * again and marks it to stay fast: a later `extends String` no longer turns it into a dictionary.
 */
export function keepStringMethodsFast(): void {
  // A wrapper object on purpose: only a load through an object (not a primitive string) helps.
  const wrapper = new String('');
  // Enough calls for the function to have its inline caches (V8 gives them out after a few calls).
  for (let call = 0; call < 100; call++) stringMethodOf(wrapper);
}

// eslint-disable-next-line @typescript-eslint/no-wrapper-object-types -- the wrapper object, not the primitive
function stringMethodOf(wrapper: String): unknown {
  return wrapper.charCodeAt;
}
