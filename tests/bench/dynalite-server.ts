import { startDynalite } from '../../functions/local/dynalite.ts';

// Child process of tests/bench/dynalite-process.ts: dynalite on loopback for the data directory given.
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: dynalite-server.ts <data dir>');
const db = await startDynalite(dataDir);
process.stdout.write(`endpoint ${db.endpoint}\n`);
process.on('SIGTERM', () => void db.stop().then(() => process.exit(0)));
