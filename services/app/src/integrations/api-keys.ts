import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKeyScope,
  type ApiKeySummary,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  type RevokedApiKey,
} from '@shop/contracts';
import { type ApiKeyEvent } from '@shop/domain';
import type { Knex } from 'knex';
import type { RowWrite } from '../infrastructure/rows-with-events.js';
import type { ShopCommands } from '../shop-commands.js';

/** 32 random bytes, base64url: `sk_` and 43 characters. */
const KEY_BYTES = 32;
const KEY_SHAPE = /^sk_[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `sk_` and 8 characters: what the back-office shows to recognise a key, 48 bits of its 256. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** A key in use is noted at most this often: a use is no event, and not worth a write per request. */
const LAST_USED_EVERY_MS = 60_000;

export const API_KEY_SORT_FIELDS = ['createdAt', 'name', 'lastUsedAt', 'revokedAt'] as const;
export type ApiKeySortField = (typeof API_KEY_SORT_FIELDS)[number];
const SORT_COLUMNS: Record<ApiKeySortField, string> = {
  createdAt: 'created_at',
  name: 'name',
  lastUsedAt: 'last_used_at',
  revokedAt: 'revoked_at',
};

/** A key a request presented, as the server's records say: which, and what it may do. */
export interface ApiKeyHolder {
  id: string;
  scopes: readonly ApiKeyScope[];
}

/** Who creates or revokes a key: the owner, with the request's id; or the operator at the command line. */
export interface ApiKeyAct {
  adminId: string;
  correlationId: string;
  /** The event's actor when it is not an owner signed in (`shopctl api-keys revoke`: `system`, `shopctl:<login>`). */
  actor?: { type: 'system'; id: string };
}

interface ApiKeyRow {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  prefix: string;
  created_at: Date;
  created_by: string;
  revoked_at: Date | null;
  revoked_by: string | null;
  last_used_at: Date | null;
}

/**
 * SHA-256 of the key. A slow hash (argon2id, as for passwords) guards guessable secrets; a key is
 * 256 random bits, which no one guesses from its hash, and is checked on every request it makes.
 */
const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest();

/**
 * API keys: created by an owner with their scopes (the key answered once, its hash kept), listed
 * without it, revoked; and the key a request presents, recognised. Each creation and revocation is
 * an event on the key's stream with its row in `api_keys`, committed together.
 */
export class ApiKeys {
  constructor(private readonly deps: { knex: Knex; commands: ShopCommands; clock: () => Date }) {}

  async create(input: CreateApiKeyRequest, act: ApiKeyAct): Promise<CreatedApiKey> {
    const id = randomUUID();
    const key = API_KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
    const hash = hashOf(key);
    await this.deps.commands.apiKeys.execute(
      {
        type: 'CreateApiKey',
        data: {
          keyId: id,
          name: input.name,
          scopes: input.scopes,
          prefix: key.slice(0, PREFIX_LENGTH),
          createdBy: act.adminId,
          now: this.deps.clock(),
        },
      },
      { actor: { type: 'admin', id: act.adminId }, correlationId: act.correlationId },
      { rowsFor: (event) => rowsOf(event, hash) },
    );
    return { id, key };
  }

  async revoke(id: string, act: ApiKeyAct, reason?: string): Promise<RevokedApiKey> {
    const { newEvents } = await this.deps.commands.apiKeys.execute(
      { type: 'RevokeApiKey', data: { keyId: id, revokedBy: act.adminId, reason, now: this.deps.clock() } },
      { actor: act.actor ?? { type: 'admin', id: act.adminId }, correlationId: act.correlationId },
      { rowsFor: (event) => rowsOf(event) },
    );
    const revoked = newEvents.find((event) => event.type === 'ApiKeyRevoked');
    return { id, revokedAt: revoked?.data.revokedAt ?? this.deps.clock().toISOString() };
  }

  async list(page: {
    sort: { field: ApiKeySortField; order: 'asc' | 'desc' };
    range: { from: number; to: number };
    filter: { ids?: string[]; revoked?: boolean };
  }): Promise<{ data: ApiKeySummary[]; total: number }> {
    const { ids, revoked } = page.filter;
    const base = this.deps.knex<ApiKeyRow>('api_keys').modify((query) => {
      if (ids) void query.whereIn('id', ids);
      if (revoked === true) void query.whereNotNull('revoked_at');
      if (revoked === false) void query.whereNull('revoked_at');
    });
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      base
        .clone()
        .select(
          'id',
          'name',
          'scopes',
          'prefix',
          'created_at',
          'created_by',
          'revoked_at',
          'revoked_by',
          'last_used_at',
        )
        .orderByRaw(`${SORT_COLUMNS[page.sort.field]} ${page.sort.order} NULLS LAST, id`)
        .offset(page.range.from)
        .limit(page.range.to - page.range.from + 1),
      base.clone().count<{ total: string }[]>({ total: '*' }),
    ]);
    return { data: (rows as ApiKeyRow[]).map(summaryOf), total: Number(total) };
  }

  /**
   * The id of the key `reference` names: its id, the key itself (one found in the wrong place, to
   * revoke), or the first characters the list shows, when only one key has them; null otherwise.
   */
  async idOf(reference: string): Promise<string | null> {
    const knex = this.deps.knex;
    if (KEY_SHAPE.test(reference)) {
      const row = (await knex('api_keys')
        .where({ key_hash: hashOf(reference) })
        .first('id')) as { id: string } | undefined;
      return row?.id ?? null;
    }
    const rows = (await knex('api_keys')
      .where((query) => {
        void query.where({ prefix: reference });
        if (UUID.test(reference)) void query.orWhere({ id: reference });
      })
      .limit(2)
      .select('id')) as { id: string }[];
    return rows.length === 1 ? rows[0]!.id : null;
  }

  /**
   * The key a request presents, while it is not revoked; null for anything else (not a key's
   * shape, unknown, revoked). Notes its use, at most once a minute.
   */
  async recognise(key: string): Promise<ApiKeyHolder | null> {
    if (!KEY_SHAPE.test(key)) return null;
    const row = (await this.deps
      .knex('api_keys')
      .where({ key_hash: hashOf(key) })
      .first('id', 'scopes', 'revoked_at', 'last_used_at')) as
      Pick<ApiKeyRow, 'id' | 'scopes' | 'revoked_at' | 'last_used_at'> | undefined;
    if (!row || row.revoked_at) return null;
    const now = this.deps.clock();
    const before = new Date(now.getTime() - LAST_USED_EVERY_MS);
    if (!row.last_used_at || row.last_used_at < before) {
      await this.deps
        .knex('api_keys')
        .where({ id: row.id })
        .andWhere((query) => query.whereNull('last_used_at').orWhere('last_used_at', '<', before))
        .update({ last_used_at: now });
    }
    return { id: row.id, scopes: row.scopes };
  }
}

/** The row an event of a key stands for: its creation inserts it (with the hash), its revocation marks it. */
function rowsOf(event: ApiKeyEvent, hash?: Buffer): RowWrite[] {
  switch (event.type) {
    case 'ApiKeyCreated': {
      const { keyId, name, scopes, prefix, createdAt, createdBy } = event.data;
      return [
        {
          sql: `INSERT INTO api_keys (id, key_hash, name, scopes, prefix, created_at, created_by)
                VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          params: [keyId, hash, name, scopes, prefix, createdAt, createdBy],
          undo: { sql: 'DELETE FROM api_keys WHERE id = $1', params: [keyId] },
        },
      ];
    }
    case 'ApiKeyRevoked': {
      const { keyId, revokedAt, revokedBy } = event.data;
      return [
        {
          sql: 'UPDATE api_keys SET revoked_at = $2, revoked_by = $3 WHERE id = $1',
          params: [keyId, revokedAt, revokedBy],
          undo: { sql: 'UPDATE api_keys SET revoked_at = NULL, revoked_by = NULL WHERE id = $1', params: [keyId] },
        },
      ];
    }
  }
}

function summaryOf(row: ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    revokedBy: row.revoked_by,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}
