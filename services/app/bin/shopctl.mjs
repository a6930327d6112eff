#!/usr/bin/env node
// Runs the compiled CLI (services/app/dist/shopctl.js), like the shop's own processes. In a source
// checkout it is compiled again first when a source changed since (about a second), so
// `npx shopctl` never runs older code than the sources; a production install has no sources and
// runs dist/ as built.
/* global URL */
import { existsSync } from 'node:fs';

if (existsSync(new URL('../src/', import.meta.url))) {
  const { buildIfStale } = await import('../build.mjs');
  await buildIfStale();
}
await import('../dist/shopctl.js');
