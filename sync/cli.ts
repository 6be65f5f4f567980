// The `ledger-sync` command (package.json "bin").
import { processIo } from './io';
import { main } from './main';

process.exitCode = await main(process.argv.slice(2), process.env, processIo());
