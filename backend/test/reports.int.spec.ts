import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  csrfHeaderName,
  formatCompact,
  reportDesignMessages,
  reportDesigns,
  reportSectionTitle,
  reportTemplates,
  reportTemplateSections,
  type CompetitorRow,
  type KeywordComparisonRow,
  reportBrandMessages,
  type ReportBrand,
  type ReportBrandList,
} from '@serpwise/contracts';
import { formatInteger, formatMoney, formatPercent, pdfPageCount } from '@serpwise/reports';
import type { PpcCompetitorRow, PpcKeywordRow } from '@serpwise/research';
import type { HttpSession } from '../../infra/test/http-session.js';
import { pdfText, squeezeSpaces } from '../../infra/test/pdf-text.js';
import { sampleJpeg, solidPng } from '../../infra/test/images.js';
import { startTestApp, type TestApp } from '../../infra/test/test-app.js';
import { createTestUser, loggedInSession, type TestUser } from '../../infra/test/test-users.js';
import { setUpTimeoutMs } from '../../infra/test/test-services.js';

/**
 * PDF reports on the tiny demo market (issue 6): every template in at least two designs through the preview
 * endpoint, read back with pdftotext; the table numbers against the research endpoints' own answers; white label
 * for full recon users only; the report design API (validation, recon only, one account's design is its own).
 */
jest.setTimeout(180_000);

let app: TestApp;
let full: HttpSession;
let recon: HttpSession;
let otherRecon: HttpSession;
let reconChild: HttpSession;
let free: HttpSession;
let fullUser: TestUser;
/** The US domain with the most paid keywords in the newest month: every section of a report has data for it. */
let domain: string;

beforeAll(async () => {
  app = await startTestApp({ tinyMarket: true });
  const [row] = await app.database.query<{ name: string }>(
    `select d.name from domain_month m join domain d on d.id = m.domain_id
     where m.territory = 'US' and m.month = (select max(month) from domain_month where territory = 'US')
     order by m.paid_keywords desc, m.organic_keywords desc, d.name limit 1`,
  );
  domain = row!.name;
  fullUser = await createTestUser(app.database, { roles: ['full'] });
  const reconUser = await createTestUser(app.database, { roles: ['recon_full'] });
  const otherReconUser = await createTestUser(app.database, { roles: ['recon_full'] });
  const childUser = await createTestUser(app.database, { roles: ['free'], parentUserId: reconUser.id });
  const freeUser = await createTestUser(app.database, { roles: ['free'] });
  [full, recon, otherRecon, reconChild, free] = (await Promise.all(
    [fullUser, reconUser, otherReconUser, childUser, freeUser].map((user) => loggedInSession(app.baseUrl, user)),
  )) as [HttpSession, HttpSession, HttpSession, HttpSession, HttpSession];
}, setUpTimeoutMs);

afterAll(async () => {
  await app?.stop();
}, setUpTimeoutMs);

const previewPath = (options: Record<string, string | number | boolean>) =>
  `/rest/reports/preview?${new URLSearchParams(Object.entries({ domain, countryCode: 'US', ...options }).map(([key, value]) => [key, String(value)]))}`;

async function preview(browser: HttpSession, options: Record<string, string | number | boolean>) {
  const response = await browser.get(previewPath(options));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/pdf');
  const pdf = Buffer.from(await response.arrayBuffer());
  return { pdf, text: squeezeSpaces(await pdfText(pdf)), disposition: response.headers.get('content-disposition') };
}

async function json<T>(browser: HttpSession, path: string): Promise<T> {
  const response = await browser.get(path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const texts = { preparedBy: 'Grace Hopper, Search Lead', preparedFor: 'Initech Marketing', comments: 'Organic clicks are up; keep the paid budget where it is.' };

describe('report preview: templates × designs', () => {
  // Two designs per template, so the five templates cover all eight designs.
  const cases = reportTemplates.flatMap((template, index) => [0, 1].map((offset) => [template, reportDesigns[(index * 2 + offset) % reportDesigns.length]!] as const));

  it.each(cases)('%s in %s: title, prepared by and for, comments and every section heading are PDF text', async (template, design) => {
    const customTitle = `${template} review in ${design}`;
    const { pdf, text, disposition } = await preview(full, { template, design, customTitle, ...texts });
    expect(text).toContain(customTitle);
    expect(text).toContain(texts.preparedBy);
    expect(text).toContain(texts.preparedFor);
    expect(text).toContain(texts.comments);
    for (const section of reportTemplateSections[template]) expect(text).toContain(reportSectionTitle(section));
    // Sections print in the template's order: each heading is a line of its own.
    const positions = reportTemplateSections[template].map((section) => text.indexOf(`\n${reportSectionTitle(section)}\n`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The Executive template fits one page (issue 22); the others open with a cover, sections sharing a page only when it is mostly free.
    if (template === 'Executive') expect(pdfPageCount(pdf)).toBe(1);
    else expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(1 + Math.ceil(reportTemplateSections[template].length / 2));
    expect(disposition).toContain(`serpwise-${domain}-${template.toLowerCase()}-2026-10.pdf`);
    expect(text).toContain('Serpwise');
  });
});

describe('report preview: numbers and row cap', () => {
  it('prints the research endpoints’ numbers, the first rows only', async () => {
    const rows = 4;
    const sections = 'top-keywords,competitors,ppc-keywords,ppc-competitors';
    const { text } = await preview(full, { sections, rowLimit: rows, template: 'Strategy' });
    const competitors = await json<{ rows: CompetitorRow[]; totalRows: number }>(full, `/rest/research/seo/competitors?domain=${domain}&countryCode=US`);
    const keywords = await json<{ rows: KeywordComparisonRow[]; totalRows: number }>(full, `/rest/research/seo/keywords?domain=${domain}&countryCode=US`);
    const ppcKeywords = await json<{ rows: PpcKeywordRow[]; totalRows: number }>(full, `/rest/research/ppc/keywords?query=${domain}&type=mostsuccessful&countryCode=US`);
    const ppcCompetitors = await json<{ rows: PpcCompetitorRow[]; totalRows: number }>(full, `/rest/research/ppc/competitors?query=${domain}&countryCode=US`);
    for (const table of [competitors, keywords, ppcKeywords, ppcCompetitors]) expect(table.rows.length).toBeGreaterThan(rows);

    const competitorLine = (row: CompetitorRow) =>
      `${row.domain} ${formatInteger(row.commonKeywords)} ${formatInteger(row.theirKeywords)} ${formatPercent(row.overlap)} ${formatInteger(row.clicks)} ${formatMoney(row.value)}`;
    const keywordLine = (row: KeywordComparisonRow) =>
      `${row.keyword} ${formatInteger(row.position)} ${formatInteger(row.volume)} ${formatMoney(row.cpc)} ${formatInteger(row.clicks)} ${formatMoney(row.value)}`;
    const ppcKeywordLine = (row: PpcKeywordRow) =>
      `${row.keyword} ${formatInteger(row.position)} ${formatInteger(row.volume)} ${formatMoney(row.cpc)} ${formatInteger(row.paidClicks)} ${formatMoney(row.budget)} ${formatInteger(row.monthsBought)}`;
    const ppcCompetitorLine = (row: PpcCompetitorRow) =>
      `${row.domain} ${formatInteger(row.commonKeywords)} ${formatPercent(row.competitionLevel * 100)} ${formatInteger(row.paidKeywords)} ${formatInteger(row.paidClicks)} ${formatMoney(row.budget)}`;

    const checks = [
      { table: competitors, line: competitorLine, noun: 'competitors' },
      { table: keywords, line: keywordLine, noun: 'keywords' },
      { table: ppcKeywords, line: ppcKeywordLine, noun: 'paid keywords' },
      { table: ppcCompetitors, line: ppcCompetitorLine, noun: 'competitors' },
    ] as const;
    for (const { table, line, noun } of checks) {
      const lines = (table.rows as never[]).map((row) => (line as (row: never) => string)(row));
      // The first `rows` rows, in the endpoint's order; none of the later ones (the row cap).
      lines.slice(0, rows).forEach((expected) => expect(text).toContain(expected));
      const found = lines.slice(0, rows).map((expected) => text.indexOf(expected));
      expect([...found].sort((a, b) => a - b)).toEqual(found);
      lines.slice(rows).forEach((unexpected) => expect(text).not.toContain(unexpected));
      expect(text).toContain(`Showing ${rows} of ${formatInteger(table.totalRows)} ${noun}`);
    }
  });

  it('prints the overview numbers of the domain overview endpoint', async () => {
    const overview = await json<{ latest: { keywords: number; clicks: number; top3: number; top10: number } }>(full, `/rest/research/domain-overview?domain=${domain}&countryCode=US`);
    const text = (await preview(full, { sections: 'overview' })).text.replace(/\s+/g, ' ');
    const { keywords, clicks, top3, top10 } = overview.latest;
    expect(text).toContain(`ranked for ${formatInteger(keywords)} keywords`);
    expect(text).toContain(`(${formatInteger(top3)} in the top 3 and ${formatInteger(top10)} on the first page)`);
    expect(text).toContain(`an estimated ${formatInteger(clicks)} clicks a month`);
    // The tile prints the figure the screen's overview card prints, by the one shared rule (issue 22 point 4).
    // The tiles are a grid: three labels, then their three figures.
    expect(text).toContain(`MONTHLY ORGANIC CLICKS ORGANIC TRAFFIC VALUE ${formatInteger(keywords)} ${formatCompact(clicks)} `);
  });
});

describe('report preview: who may ask and what is refused', () => {
  it('refuses bad options with the message, and a domain the data does not know with 404', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ template: 'Glossy' }, 'template: The template must be one of Comprehensive, Executive, Opportunity, Progress, Strategy.'],
      [{ design: 'Neon' }, 'design: The design must be one of Surf, Executive, Arc, Slate, Whiteboard, Zest, Harmony, White.'],
      [{ rowLimit: 0 }, 'rowLimit: Rows per table must be a whole number from 1 to 50.'],
      [{ rowLimit: 51 }, 'rowLimit: Rows per table must be a whole number from 1 to 50.'],
      [{ sections: 'overview,nonsense' }, 'sections.1: A section must be one of'],
      [{ comments: 'x'.repeat(1771) }, 'comments: The max number of characters is 1770'],
    ];
    for (const [options, message] of cases) {
      const response = await full.get(previewPath(options));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    const unknown = await full.get(previewPath({ domain: 'not-in-the-data.example' }));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('not-in-the-data.example is not in the research data.');
  });

  it('is for full users: free users get 403, visitors 401', async () => {
    expect((await free.get(previewPath({}))).status).toBe(403);
    const visitor = await fetch(`${app.baseUrl}${previewPath({})}`, { headers: { accept: 'application/json' } });
    expect([401]).toContain(visitor.status);
  });
});

// ---- report design: the account's brands' fields and logos --------------------------------------------------------

const brandsPath = '/rest/account/report-brands';
const send = (browser: HttpSession, method: string, path: string, body?: unknown) => browser.request(method, path, { [csrfHeaderName]: browser.csrfToken }, body);
const del = (browser: HttpSession, path: string) => send(browser, 'DELETE', path);
const brandBody = (name: string, extra: Record<string, unknown> = {}) => ({ name, companyName: `${name} Ltd`, primaryColor: '#0f766e', accentColor: '#be123c', contactLine: `hello@${name.toLowerCase()}.example · +44 20 7946 0000`, ...extra });
/** The Northwind brand of `recon`, made by the first design test. */
let northwindId: string;

async function uploadLogo(browser: HttpSession, data: Buffer, options: { field?: string; type?: string; token?: boolean; brandId?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? 'logo', new Blob([new Uint8Array(data)], { type: options.type ?? 'image/png' }), 'logo.png');
  return fetch(`${app.baseUrl}${brandsPath}/${options.brandId ?? northwindId}/logo`, {
    method: 'POST',
    headers: { accept: 'application/json', cookie: browser.cookie, ...(options.token === false ? {} : { [csrfHeaderName]: browser.csrfToken }) },
    body: form,
  });
}

describe('report design API', () => {
  it('is only for full recon users: others get 403 with the reason', async () => {
    for (const browser of [full, free]) {
      const response = await browser.get(brandsPath);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toContain('White-labelled reports are part of the full recon plan.');
      expect((await send(browser, 'POST', brandsPath, brandBody('X'))).status).toBe(403);
      expect((await uploadLogo(browser, solidPng(10, 10), { brandId: '00000000-0000-4000-8000-000000000000' })).status).toBe(403);
    }
  });

  it('starts with no brand, saves a valid design and refuses invalid ones', async () => {
    expect(await json<ReportBrandList>(otherRecon, brandsPath)).toEqual({ brands: [], canEdit: true });
    const saved = await send(recon, 'POST', brandsPath, { name: 'Northwind', companyName: '  Northwind Search  ', primaryColor: '#7C2D12', accentColor: '#0f766e' });
    expect(saved.status).toBe(201);
    const brand = (await saved.json()) as ReportBrand;
    expect(brand).toMatchObject({ companyName: 'Northwind Search', primaryColor: '#7c2d12', accentColor: '#0f766e', contactLine: '', hasLogo: false, isDefault: true });
    northwindId = brand.id;

    const invalid: [unknown, string][] = [
      [{ name: 'A', companyName: 'A', primaryColor: 'red', accentColor: '#0f766e' }, reportDesignMessages.colorInvalid],
      [{ name: 'A', companyName: 'A', primaryColor: '#12345', accentColor: '#0f766e' }, reportDesignMessages.colorInvalid],
      [{ name: 'A', companyName: 'A', primaryColor: '#123456' }, reportDesignMessages.colorInvalid],
      [{ name: 'A', companyName: 'x'.repeat(101), primaryColor: '#123456', accentColor: '#0f766e' }, reportDesignMessages.companyNameTooLong],
      [{ name: 'A', companyName: 'A', primaryColor: '#123456', accentColor: '#0f766e', logo: 'data:image/png;base64,AAAA' }, 'Unrecognized key'],
    ];
    for (const [body, message] of invalid) {
      const response = await send(recon, 'PUT', `${brandsPath}/${northwindId}`, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    // Nothing changed by the refused requests.
    expect((await json<ReportBrandList>(recon, brandsPath)).brands).toMatchObject([{ companyName: 'Northwind Search', primaryColor: '#7c2d12' }]);
    // The cross-site token is required.
    expect((await recon.request('PUT', `${brandsPath}/${northwindId}`, {}, brandBody('B'))).status).toBe(403);
  });

  it('takes a small PNG or JPEG logo, serves it back to its owner only, and refuses anything else', async () => {
    const logoPath = `${brandsPath}/${northwindId}/logo`;
    const jpeg = await uploadLogo(recon, sampleJpeg(), { type: 'image/jpeg' });
    expect(jpeg.status).toBe(200);
    expect(await jpeg.json()).toMatchObject({ hasLogo: true, logoType: 'image/jpeg' });
    expect((await recon.get(logoPath)).headers.get('content-type')).toBe('image/jpeg');
    // A new upload replaces it.
    const logo = solidPng(160, 48, { rgb: [124, 45, 18] });
    const uploaded = await uploadLogo(recon, logo);
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toMatchObject({ hasLogo: true, logoType: 'image/png', companyName: 'Northwind Search' });
    const served = await recon.get(logoPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true);

    const refusals: [Buffer, Record<string, string>, number, string][] = [
      [Buffer.from('GIF89a fake image bytes'), { type: 'image/png' }, 400, reportDesignMessages.logoType],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), { type: 'image/svg+xml' }, 400, reportDesignMessages.logoType],
      [solidPng(40, 40, { corrupt: true }), {}, 400, reportDesignMessages.logoType],
      [Buffer.concat([solidPng(10, 10), Buffer.alloc(201 * 1024)]), {}, 413, reportDesignMessages.logoTooLarge],
      [solidPng(10, 10), { field: 'picture' }, 400, ''],
    ];
    for (const [data, options, status, message] of refusals) {
      const response = await uploadLogo(recon, data, options);
      expect(response.status).toBe(status);
      if (message) expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    const missing = await recon.request('POST', logoPath, { [csrfHeaderName]: recon.csrfToken }, {});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe(reportDesignMessages.logoMissing);
    expect((await uploadLogo(recon, solidPng(10, 10), { token: false })).status).toBe(403);
    // The refused uploads left the first logo in place.
    expect(Buffer.from(await (await recon.get(logoPath)).arrayBuffer()).equals(logo)).toBe(true);
  });

  it('keeps each account’s design to itself; a child account shares its owner’s', async () => {
    expect((await otherRecon.get(`${brandsPath}/${northwindId}/logo`)).status).toBe(404);
    expect((await uploadLogo(otherRecon, solidPng(10, 10))).status).toBe(404);
    expect((await send(otherRecon, 'POST', brandsPath, brandBody('Contoso Reports'))).status).toBe(201);
    expect((await json<ReportBrandList>(recon, brandsPath)).brands).toMatchObject([{ companyName: 'Northwind Search', hasLogo: true }]);
    expect((await json<ReportBrandList>(reconChild, brandsPath)).brands).toMatchObject([{ companyName: 'Northwind Search', hasLogo: true }]);
    expect((await reconChild.get(`${brandsPath}/${northwindId}/logo`)).status).toBe(200);
  });

  it('white-labels the report of a recon user who asks for it, and nobody else’s', async () => {
    const branded = await preview(recon, { whiteLabel: true, sections: 'overview' });
    expect(branded.text).toContain('Northwind Search');
    expect(branded.text).not.toMatch(/serpwise/i);
    expect(branded.pdf.toString('latin1')).not.toMatch(/serpwise/i);
    expect(branded.pdf.toString('latin1')).toContain('/Subtype /Image');
    expect(branded.disposition).toContain(`report-${domain}-comprehensive-2026-10.pdf`);

    const child = await preview(reconChild, { whiteLabel: true, sections: 'overview' });
    expect(child.text).toContain('Northwind Search');

    const notAsked = await preview(recon, { sections: 'overview' });
    expect(notAsked.text).toContain('Serpwise');
    expect(notAsked.text).not.toContain('Northwind Search');

    // A full user who is not recon falls back to Serpwise branding, even with a design row left from a recon plan.
    await app.database.query(
      `insert into report_brand (id, owner_user_id, name, company_name, primary_color, accent_color, is_default, created_at, updated_at) values (gen_random_uuid(), $1, 'Old', 'Should Not Show', '#000000', '#ffffff', true, now(), now())`,
      [fullUser.id],
    );
    const fallback = await preview(full, { whiteLabel: true, sections: 'overview' });
    expect(fallback.text).toContain('Serpwise');
    expect(fallback.text).not.toContain('Should Not Show');
  });

  it('removes the logo', async () => {
    const response = await del(recon, `${brandsPath}/${northwindId}/logo`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ hasLogo: false, logoType: null, companyName: 'Northwind Search' });
    expect((await recon.get(`${brandsPath}/${northwindId}/logo`)).status).toBe(404);
  });
});

// ---- brands (issue 22 point 2) -----------------------------------------------------------------------------------

describe('report brands API', () => {
  let acme: ReportBrand;
  let globex: ReportBrand;

  it('lists the first brand as the default, and creates more', async () => {
    const before = await json<ReportBrandList>(recon, brandsPath);
    expect(before.canEdit).toBe(true);
    expect(before.brands).toHaveLength(1);
    expect(before.brands[0]).toMatchObject({ companyName: 'Northwind Search', isDefault: true });

    const created = await send(recon, 'POST', brandsPath, brandBody('Acme'));
    expect(created.status).toBe(201);
    acme = (await created.json()) as ReportBrand;
    expect(acme).toMatchObject({ name: 'Acme', companyName: 'Acme Ltd', isDefault: false, hasLogo: false });
    globex = (await (await send(recon, 'POST', brandsPath, brandBody('Globex', { isDefault: true }))).json()) as ReportBrand;
    expect(globex.isDefault).toBe(true);
    const after = await json<ReportBrandList>(recon, brandsPath);
    expect(after.brands.map((brand) => [brand.name, brand.isDefault])).toEqual([['Globex', true], [before.brands[0]!.name, false], ['Acme', false]]);
  });

  it('refuses invalid brands and changes nothing', async () => {
    const invalid: [unknown, string][] = [
      [brandBody('', {}), reportBrandMessages.nameRequired],
      [brandBody('x'.repeat(61)), reportBrandMessages.nameTooLong],
      [brandBody('Bad', { primaryColor: 'blue' }), reportDesignMessages.colorInvalid],
      [brandBody('Bad', { contactLine: 'x'.repeat(201) }), reportBrandMessages.contactLineTooLong],
    ];
    for (const [body, message] of invalid) {
      const response = await send(recon, 'POST', brandsPath, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
      const update = await send(recon, 'PUT', `${brandsPath}/${acme.id}`, body);
      expect(update.status).toBe(400);
    }
    expect((await json<ReportBrandList>(recon, brandsPath)).brands).toHaveLength(3);
    expect((await json<ReportBrandList>(recon, brandsPath)).brands.find((brand) => brand.id === acme.id)).toMatchObject({ name: 'Acme', companyName: 'Acme Ltd' });
  });

  it('edits, makes default and deletes; a deleted default passes to the oldest brand', async () => {
    const edited = await send(recon, 'PUT', `${brandsPath}/${acme.id}`, brandBody('Acme', { companyName: 'Acme Growth Partners' }));
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ companyName: 'Acme Growth Partners', isDefault: false });
    const temp = (await (await send(recon, 'POST', brandsPath, brandBody('Temp'))).json()) as ReportBrand;
    expect((await send(recon, 'POST', `${brandsPath}/${temp.id}/default`)).status).toBe(200);
    expect((await json<ReportBrandList>(recon, brandsPath)).brands.filter((brand) => brand.isDefault).map((brand) => brand.id)).toEqual([temp.id]);
    expect((await send(recon, 'DELETE', `${brandsPath}/${temp.id}`)).status).toBe(200);
    const left = (await json<ReportBrandList>(recon, brandsPath)).brands;
    expect(left.map((brand) => brand.id)).not.toContain(temp.id);
    // The first brand (the migrated design) is the oldest.
    expect(left.filter((brand) => brand.isDefault).map((brand) => brand.companyName)).toEqual(['Northwind Search']);
    expect((await send(recon, 'DELETE', `${brandsPath}/${temp.id}`)).status).toBe(404);
  });

  it('keeps each account’s brands to itself: another account’s id is 404 everywhere; a child account reads but does not change', async () => {
    const foreign = (await (await send(otherRecon, 'POST', brandsPath, brandBody('Contoso'))).json()) as ReportBrand;
    expect((await json<ReportBrandList>(recon, brandsPath)).brands.map((brand) => brand.id)).not.toContain(foreign.id);
    for (const [method, path, body] of [
      ['PUT', `${brandsPath}/${foreign.id}`, brandBody('Stolen')],
      ['DELETE', `${brandsPath}/${foreign.id}`, undefined],
      ['POST', `${brandsPath}/${foreign.id}/default`, undefined],
      ['DELETE', `${brandsPath}/${foreign.id}/logo`, undefined],
      ['GET', `${brandsPath}/${foreign.id}/logo`, undefined],
      ['PUT', `${brandsPath}/not-a-uuid`, brandBody('Stolen')],
    ] as const) {
      expect((await send(recon, method, path, body)).status).toBe(404);
    }
    expect((await json<ReportBrandList>(otherRecon, brandsPath)).brands.find((brand) => brand.id === foreign.id)).toMatchObject({ name: 'Contoso' });
    // A report naming another account's brand is refused before anything is drawn.
    const stolen = await recon.get(previewPath({ whiteLabel: true, sections: 'overview', brandId: foreign.id }));
    expect(stolen.status).toBe(404);
    expect(((await stolen.json()) as { message: string }).message).toBe(reportBrandMessages.notFound);
    expect((await recon.get(previewPath({ sections: 'overview', brandId: 'nope' }))).status).toBe(400);

    const child = await json<ReportBrandList>(reconChild, brandsPath);
    expect(child.canEdit).toBe(false);
    expect(child.brands.map((brand) => brand.id)).toContain(acme.id);
    expect((await send(reconChild, 'POST', brandsPath, brandBody('Child'))).status).toBe(403);
    expect((await send(reconChild, 'PUT', `${brandsPath}/${acme.id}`, brandBody('Child'))).status).toBe(403);
    expect((await json<ReportBrandList>(recon, brandsPath)).brands.find((brand) => brand.id === acme.id)).toMatchObject({ name: 'Acme' });
    for (const browser of [full, free]) expect((await browser.get(brandsPath)).status).toBe(403);
  });

  it('draws the picked brand into the PDF (company and contact line), the default when none is picked', async () => {
    const picked = await preview(recon, { whiteLabel: true, sections: 'overview', brandId: acme.id });
    expect(picked.text).toContain('Acme Growth Partners');
    expect(picked.text).toContain('hello@acme.example');
    expect(picked.text).not.toContain('Northwind Search');
    const byChild = await preview(reconChild, { whiteLabel: true, sections: 'overview', brandId: globex.id });
    expect(byChild.text).toContain('Globex Ltd');
    const fallback = await preview(recon, { whiteLabel: true, sections: 'overview' });
    expect(fallback.text).toContain('Northwind Search');
    expect(fallback.text).not.toContain('Acme');
    // Without the white label the brand is not used.
    const plain = await preview(recon, { sections: 'overview', brandId: acme.id });
    expect(plain.text).toContain('Serpwise');
    expect(plain.text).not.toContain('Acme');
  });
});
