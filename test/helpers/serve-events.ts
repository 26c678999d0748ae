/**
 * A server process for tests: `serve` exactly as the CLI runs it, with the test-only
 * note-events module (its consumers run in this process). Run with `node --import tsx`.
 */
import { loadConfig } from '../../src/config.ts';
import { serveUntilSignalled } from '../../src/main.ts';
import { noteEventsModule } from './note-events-module.ts';

await serveUntilSignalled(loadConfig(), { modules: [noteEventsModule] });
process.exitCode = 0;
