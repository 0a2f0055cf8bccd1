import { BadRequestException } from '@nestjs/common';

/** A 400 that carries every message (the first as `message`), the shape every refusal of bad input answers with. */
export const badRequest = (messages: string[]) => new BadRequestException({ statusCode: 400, message: messages[0] ?? 'Invalid request.', errors: messages });
