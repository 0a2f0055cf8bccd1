import { createApp } from './create-app.js';
import { environmentOrExit } from './platform/config/load-environment.js';
import { createLogger } from './platform/logging/logger.js';

const environment = environmentOrExit();
const logger = createLogger(environment, 'backend');
const app = await createApp(environment, logger);
await app.listen(environment.PORT, environment.HOST);
logger.info({ port: environment.PORT }, `Serpwise API listening on ${await app.getUrl()}`);
