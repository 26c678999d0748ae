/**
 * A server process for tests: `serve` exactly as the CLI runs it, but with the test-only notes
 * domain, whose POST lets a test hold a request in flight. Run with `node --import tsx`.
 */
import { loadConfig } from '../../src/config.ts';
import { serveUntilSignalled } from '../../src/main.ts';
import { notesModule } from './notes-module.ts';

await serveUntilSignalled(loadConfig(), { modules: [notesModule] });
process.exitCode = 0;
