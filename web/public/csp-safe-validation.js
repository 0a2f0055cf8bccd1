// Runs before the app's modules (a classic script; modules wait for the page): the page's Content-Security-Policy
// has no 'unsafe-eval' (docs/decisions.md, issue 16), and zod would otherwise compile its object parsers with
// `new Function` — even its probe for that is reported as a violation. zod reads this shared configuration object
// when it loads; the server keeps the compiled parsers.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
