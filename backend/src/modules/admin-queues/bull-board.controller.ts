import { Controller, Get, Req, Res, type OnModuleInit } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NextFunction, Request, Response } from 'express';
import { JobQueue } from '@serpwise/platform';
import { Access } from '../access/access.decorator.js';
import { adminQueueNames } from './admin-queues.service.js';

export const bullBoardPath = '/admin/bull-board';

type Handler = (request: Request, response: Response, next: NextFunction) => void;

/**
 * bull-board, the deep view of the queues (issue 7), behind the same 'admin' access rule as the rest. It is
 * read-only: actions go through /admin/queues, where they need admin actions switched on and are audited.
 */
@Access('admin')
@Controller()
export class BullBoardController implements OnModuleInit {
  private router!: Handler;

  constructor(private readonly queues: JobQueue) {}

  onModuleInit(): void {
    const adapter = new ExpressAdapter();
    adapter.setBasePath(bullBoardPath);
    createBullBoard({
      queues: adminQueueNames().map((name) => new BullMQAdapter(this.queues.queue(name), { readOnlyMode: true })),
      serverAdapter: adapter,
      options: { uiConfig: { boardTitle: 'Serpwise queues' } },
    });
    this.router = adapter.getRouter() as Handler;
  }

  @Get(['admin/bull-board', 'admin/bull-board/*path'])
  serve(@Req() request: Request, @Res() response: Response): void {
    // The board's own router expects to be mounted at its base path.
    const rest = request.originalUrl.slice(bullBoardPath.length);
    request.url = rest.startsWith('/') ? rest : `/${rest}`;
    request.baseUrl = bullBoardPath;
    this.router(request, response, () => response.status(404).end());
  }
}
