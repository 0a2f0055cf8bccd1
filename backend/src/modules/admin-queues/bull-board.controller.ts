import { All, Controller, ForbiddenException, Get, HttpCode, Put, Req, Res, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NextFunction, Request, Response } from 'express';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobQueue } from '@serpwise/platform';
import { Access } from '../access/access.decorator.js';
import { decideAccess } from '../access/access-decision.js';
import { identityOf, sessionOf } from '../sessions/request-session.js';
import { AdminQueuesService, adminQueueNames } from './admin-queues.service.js';
import { bullBoardActionOf } from './bull-board-actions.js';
import { csrfHeaderScript, localAssetsSegment, localFontFile, localFontsCss, offlineTemplate } from './bull-board-offline.js';

export const bullBoardPath = '/admin/bull-board';

type Handler = (request: Request, response: Response, next: NextFunction) => void;

/**
 * bull-board, the deep view of the queues (issues 7, 23), behind the same 'admin' access rule as the rest. Two boards
 * over the same queues: read-only for an admin, and one that acts on jobs for an admin with admin actions switched
 * on. Its actions (PUT) need admin actions on and go through AdminQueuesService — audited, records kept in step —
 * never straight to Redis. The page loads its fonts and scripts from this site only (bull-board-offline.ts).
 */
@Access('admin')
@Controller()
export class BullBoardController implements OnModuleInit, OnModuleDestroy {
  private readOnlyBoard!: Handler;
  private actingBoard!: Handler;
  private viewsDir: string | null = null;

  constructor(
    private readonly queues: JobQueue,
    private readonly service: AdminQueuesService,
  ) {}

  onModuleInit(): void {
    // The rewritten page template, where bull-board's view engine reads it.
    this.viewsDir = mkdtempSync(join(tmpdir(), 'serpwise-bull-board-'));
    writeFileSync(join(this.viewsDir, 'index.ejs'), offlineTemplate());
    this.readOnlyBoard = this.board(true);
    this.actingBoard = this.board(false);
  }

  onModuleDestroy(): void {
    if (this.viewsDir) rmSync(this.viewsDir, { recursive: true, force: true });
  }

  private board(readOnlyMode: boolean): Handler {
    const adapter = new ExpressAdapter();
    adapter.setBasePath(bullBoardPath);
    createBullBoard({
      queues: adminQueueNames().map((name) => new BullMQAdapter(this.queues.queue(name), { readOnlyMode })),
      serverAdapter: adapter,
      options: { uiConfig: { boardTitle: 'Serpwise queues' } },
    });
    adapter.setViewsPath(this.viewsDir!);
    return adapter.getRouter() as Handler;
  }

  @Get(['admin/bull-board', 'admin/bull-board/*path'])
  serve(@Req() request: Request, @Res() response: Response): void {
    // The board's own router expects to be mounted at its base path.
    const rest = request.originalUrl.slice(bullBoardPath.length);
    const path = rest.startsWith('/') ? rest : `/${rest}`;
    if (path.startsWith(`/${localAssetsSegment}/`)) return this.asset(path.slice(localAssetsSegment.length + 2).split('?')[0]!, response);
    request.url = path;
    request.baseUrl = bullBoardPath;
    response.locals.csrfToken = sessionOf(request)?.csrfToken ?? '';
    const acting = decideAccess('admin-action', sessionOf(request), identityOf(request)).allowed;
    (acting ? this.actingBoard : this.readOnlyBoard)(request, response, () => response.status(404).end());
  }

  /** The board's actions: only with admin actions on, and only those the console knows (bull-board-actions.ts). */
  @Access('admin-action')
  @Put('admin/bull-board/api/*path')
  @HttpCode(200)
  async act(@Req() request: Request): Promise<Record<string, never>> {
    const session = sessionOf(request)!;
    const actor = { userId: session.userId!, sessionId: session.id };
    const action = bullBoardActionOf(request.method, request.originalUrl.slice(bullBoardPath.length));
    if (action.kind === 'refused') throw new ForbiddenException(action.reason);
    const { queue } = action;
    const jobId = 'jobId' in action ? action.jobId : '';
    const run: Record<typeof action.kind, () => Promise<unknown>> = {
      'job.retry': () => this.service.retry(actor, queue, jobId),
      'job.remove': () => this.service.remove(actor, queue, jobId),
      'job.promote': () => this.service.promote(actor, queue, jobId),
      'queue.pause': () => this.service.pause(actor, queue),
      'queue.resume': () => this.service.resume(actor, queue),
      'queue.retry-all': () => this.service.retryAll(actor, queue),
      'queue.promote-all': () => this.service.promoteAll(actor, queue),
    };
    await run[action.kind]();
    return {};
  }

  /** Any other state-changing call of the board (add a job, purge metrics …) changes nothing. */
  @Access('admin-action')
  @All('admin/bull-board/api/*path')
  refuse(@Req() request: Request): never {
    const action = bullBoardActionOf(request.method, request.originalUrl.slice(bullBoardPath.length));
    throw new ForbiddenException(action.kind === 'refused' ? action.reason : 'Use PUT.');
  }

  private asset(name: string, response: Response): void {
    response.setHeader('Cache-Control', 'public, max-age=86400');
    if (name === 'fonts.css') return void response.type('text/css').send(localFontsCss);
    if (name === 'csrf-header.js') return void response.type('text/javascript').send(csrfHeaderScript);
    const font = localFontFile(name);
    if (!font) return void response.status(404).end();
    response.type('font/woff2').sendFile(font);
  }
}
