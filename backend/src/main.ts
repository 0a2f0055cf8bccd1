import { ConfigurationError, loadEnvironment } from '@serpwise/contracts';
import { createApp } from './create-app.js';
import { createLogger } from './platform/logging/logger.js';

let environment;
try {
  environment = loadEnvironment(process.env);
} catch (error) {
  console.error(error instanceof ConfigurationError ? error.message : error);
  process.exit(2);
}
const logger = createLogger(environment, 'backend');
const app = await createApp(environment, logger);
await app.listen(environment.PORT, environment.HOST);
logger.info({ port: environment.PORT }, `Serpwise API listening on ${await app.getUrl()}`);
