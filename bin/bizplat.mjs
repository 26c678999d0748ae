#!/usr/bin/env node
// Runs the CLI from an installed package: the sources are TypeScript, loaded through tsx.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
