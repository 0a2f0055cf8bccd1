import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { reportSectionIds } from '@serpwise/contracts';
import { createOrmConfig } from '@serpwise/database';
import { drawReportHere } from '@serpwise/domain';
import { gatherReportData, pdfPageCount, planReport, serpwiseBranding, type ReportBranding, type ReportRequest } from '@serpwise/reports';
import { sqlFromEntityManager } from '@serpwise/research';
import { sampleJpeg } from '../../infra/test/images.js';
import { createTestDatabase, setUpTimeoutMs, type TestDatabase } from '../../infra/test/test-services.js';
import { CpuPool, drawReportOn } from '../src/cpu/cpu-pool.js';

/**
 * A report's PDF drawn on the worker's CPU pool (docs/decisions.md, "Job work off the event loop") is the file drawn
 * on the event loop, byte for byte, from the same gathered data (the tiny demo market's largest US domain). The pool's
 * thread runs the built @serpwise/reports (`npx tsc -b` first, as before every test run).
 */

let database: TestDatabase;
let orm: MikroORM;
const pool = new CpuPool(1);

beforeAll(async () => {
  database = await createTestDatabase({ tinyMarket: true });
  orm = await MikroORM.init(createOrmConfig({ databaseUrl: database.url, poolMax: 2 }));
}, setUpTimeoutMs);

afterAll(async () => {
  await pool.close();
  await orm?.close(true);
  await database?.drop();
}, setUpTimeoutMs);

async function gathered(branding: ReportBranding) {
  const [largest] = await database.query<{ name: string }>(
    `select d.name from domain_month m join domain d on d.id = m.domain_id where m.territory = 'US' order by m.month desc, m.organic_clicks desc limit 1`,
  );
  const request: ReportRequest = {
    template: 'Comprehensive',
    design: 'Surf',
    title: `Search performance of ${largest!.name}`,
    preparedBy: 'Serpwise tests',
    preparedFor: 'The pool',
    comments: 'Every section, 10 rows a table.',
    sections: [...reportSectionIds],
    subject: { domain: largest!.name, territory: 'US' },
    rowLimit: 10,
    branding,
    generatedAt: new Date('2026-11-28T05:00:00Z'),
  };
  const plan = planReport(request);
  return { request, plan, data: await gatherReportData(sqlFromEntityManager(orm.em.fork()), request, plan) };
}

const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

describe('report PDFs drawn on the CPU pool', () => {
  it('are the PDFs drawn on the event loop, byte for byte, white label and logo included', async () => {
    const whiteLabel: ReportBranding = { kind: 'white-label', companyName: 'Acme Agency', logo: { data: sampleJpeg(), type: 'image/jpeg' }, primaryColor: '#224488', accentColor: '#ee7722', contactLine: 'acme.example' };
    for (const branding of [serpwiseBranding, whiteLabel]) {
      const { request, plan, data } = await gathered(branding);
      const here = await drawReportHere(request, data, plan);
      const onPool = await drawReportOn(pool)(request, data, plan);
      expect(pdfPageCount(onPool)).toBeGreaterThanOrEqual(10);
      expect(onPool.equals(here)).toBe(true);
    }
  });

  it('leave the event loop free: the drawing\'s CPU time is spent on the pool\'s thread', async () => {
    // Not a timing: the CPU time of this thread (the event loop's) for a report drawn on the pool, against the same
    // report drawn here. Fonts are loaded on both sides first.
    const { request, plan, data } = await gathered(serpwiseBranding);
    const onThisThread = async (draw: () => Promise<Buffer>) => {
      await draw();
      const before = process.threadCpuUsage();
      await draw();
      return cpuMicros(process.threadCpuUsage(before));
    };
    const drawnHere = await onThisThread(() => drawReportHere(request, data, plan));
    const drawnOnPool = await onThisThread(() => drawReportOn(pool)(request, data, plan));
    expect(drawnOnPool).toBeLessThan(drawnHere / 2);
  });
});
