import pg from 'pg';
import { marketSizeNames, type MarketSizeName } from '../demo-market/market-sizes.js';
import { loadDemoMarket } from '../warehouse/demo-market-loader.js';
import { giantOptionsFromEnvironment } from '../warehouse/giant-subjects.js';

// Loads the demo market into DATABASE_URL (already migrated).
//   node load-demo-market.js --size demo --if-empty   (npm start: only when the warehouse is empty)
//   node load-demo-market.js --size bench --replace   (npm run bench:data)
//   node load-demo-market.js --size bench --replace --giant   (npm run bench:data -- --giant: with the giant subjects;
//     SERPWISE_GIANT_SCALE=0.01 makes them a hundredth, SERPWISE_GIANT_MONTHS the months they rank in, default 3)
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const size = (option('size') ?? 'demo') as MarketSizeName;
if (!marketSizeNames.includes(size)) {
  console.error(`--size must be one of ${marketSizeNames.join(', ')}.`);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is not set: the loader needs to know which database to fill.');
  process.exit(2);
}
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  const result = await loadDemoMarket(client, {
    size,
    ifEmpty: args.includes('--if-empty'),
    replace: args.includes('--replace'),
    giant: args.includes('--giant') ? giantOptionsFromEnvironment() : undefined,
    log: (line) => console.log(`demo data: ${line}`),
  });
  if (!result.loaded) console.log('demo data: the warehouse already holds data; nothing loaded.');
  else {
    const counts = Object.entries(result.rows).map(([table, count]) => `${table} ${count.toLocaleString('en-US')}`).join(', ');
    console.log(`demo data: loaded the ${size} market in ${result.seconds.toFixed(1)} s (${counts}).`);
  }
} catch (error) {
  console.error('demo data: loading failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await client.end();
}
