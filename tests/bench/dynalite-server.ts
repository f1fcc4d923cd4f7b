import { startDynalite } from '../../functions/local/dynalite.ts';
import { printGcPauses } from './gc-log.ts';

// Child process of tests/bench/dynalite-process.ts: dynalite on loopback for the data directory given, printing its
// garbage collectors' pauses (tests/bench/gc-log.ts).
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: dynalite-server.ts <data dir>');
printGcPauses();
const db = await startDynalite(dataDir);
process.stdout.write(`endpoint ${db.endpoint}\n`);
process.on('SIGTERM', () => void db.stop().then(() => process.exit(0)));
