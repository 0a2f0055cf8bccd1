import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { addChildrenSchema } from '@serpwise/contracts';
import { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { TeamService } from './team.service.js';

const previewQuerySchema = z
  .object({ emails: z.union([z.string().max(254), z.array(z.string().max(254)).max(50)]).optional() })
  .strict();

/** Team calls (docs/product/account-exports-reports.md §7): only the account owner manages its child accounts. */
@Access('parent')
@Controller('endpoints/childaccount')
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Get()
  list(@CurrentIdentity() identity: Identity) {
    return this.team.list(identity.user);
  }

  @Get('previewbill')
  previewBill(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(previewQuerySchema)) query: z.infer<typeof previewQuerySchema>) {
    const emails = query.emails === undefined ? [] : Array.isArray(query.emails) ? query.emails : [query.emails];
    return this.team.previewBill(identity.user, emails);
  }

  @Post()
  @HttpCode(200)
  add(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(addChildrenSchema)) body: z.infer<typeof addChildrenSchema>) {
    return this.team.add(identity.user, body.emails);
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@CurrentIdentity() identity: Identity, @Param('id', new ZodValidationPipe(z.uuid({ message: 'The user id must be a UUID.' }))) id: string) {
    await this.team.remove(identity.user, id);
    return { data: { isSuccessful: true, errors: [] } };
  }
}
