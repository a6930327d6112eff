import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { redisAnswers } from './redis-answers.js';
import { postgresAnswers } from '@shop/event-store';

export interface TestServices {
  postgresUrl: string;
  redisUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    services: TestServices;
  }
}

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

function dockerEngineAvailable(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

const stops: Array<() => Promise<unknown>> = [];

/**
 * Finds PostgreSQL and Redis: DATABASE_URL / REDIS_URL, else the local defaults, else
 * Testcontainers when a Docker engine exists; otherwise stops with one line saying what is missing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let postgresUrl = process.env.DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  let redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const [postgresOk, redisOk] = await Promise.all([postgresAnswers(postgresUrl), redisAnswers(redisUrl)]);
  const missing = [!postgresOk && `PostgreSQL at ${postgresUrl}`, !redisOk && `Redis at ${redisUrl}`].filter(Boolean);
  if (missing.length > 0) {
    if (!dockerEngineAvailable()) {
      throw new Error(
        `Tests need ${missing.join(' and ')}, which did not answer, and no Docker engine is available for Testcontainers: start them or set DATABASE_URL / REDIS_URL.`,
      );
    }
    if (!postgresOk) {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:17-alpine').start();
      stops.push(() => container.stop());
      postgresUrl = container.getConnectionUri();
    }
    if (!redisOk) {
      const { RedisContainer } = await import('@testcontainers/redis');
      const container = await new RedisContainer('redis:7-alpine').start();
      stops.push(() => container.stop());
      redisUrl = container.getConnectionUrl();
    }
  }
  project.provide('services', { postgresUrl, redisUrl });
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
