import { apiConnectionBudget, apiReplicaConnectionBudget } from '@serpwise/contracts';
import { createApp } from './create-app.js';
import { createLogger, environmentOrExit, keepStringMethodsFast, limitHeapGrowth } from '@serpwise/platform';

limitHeapGrowth();
// A library's `extends String` left String.prototype a dictionary: every string method call slow (string-prototype.ts).
keepStringMethodsFast();
const environment = environmentOrExit();
const logger = createLogger(environment, 'backend');
const app = await createApp(environment, logger);
await app.listen(environment.PORT, environment.HOST);
// The most PostgreSQL connections this process opens (docs/deployment.md, "Connection budget").
logger.info({ port: environment.PORT, postgresConnections: apiConnectionBudget(environment), replicaConnections: apiReplicaConnectionBudget(environment) }, `Serpwise API listening on ${await app.getUrl()}`);
