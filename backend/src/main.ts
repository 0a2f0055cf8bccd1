import { createApp } from './create-app.js';
import { createLogger, environmentOrExit, limitHeapGrowth } from '@serpwise/platform';

limitHeapGrowth();
const environment = environmentOrExit();
const logger = createLogger(environment, 'backend');
const app = await createApp(environment, logger);
await app.listen(environment.PORT, environment.HOST);
logger.info({ port: environment.PORT }, `Serpwise API listening on ${await app.getUrl()}`);
