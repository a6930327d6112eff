#!/usr/bin/env node
// Runs the TypeScript CLI without a build step, like the shop's own processes.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/shopctl.ts');
