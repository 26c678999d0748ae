/**
 * A server process for tests: `serve` exactly as the CLI runs it, with the test-only assignment
 * module and the notifications service built for its rule. Run with `node --import tsx`.
 */
import { loadConfig } from '../../src/config.ts';
import { serveUntilSignalled } from '../../src/main.ts';
import { assignmentModules } from './assignment-module.ts';

await serveUntilSignalled(loadConfig(), { modules: assignmentModules() });
process.exitCode = 0;
