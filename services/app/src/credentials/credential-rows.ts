import type { RowWrite } from '../infrastructure/rows-with-events.js';
import type { CredentialsRow } from './sealed-credentials.js';

/*
 * The rows a credential set's events commit with (`commitWithRows`): each write with the statement
 * that takes it back where the log cannot share its transaction (KurrentDB, ADR 0001). The sealed
 * values are ciphertexts; no login or secret ever reaches the log.
 */

export interface SealedValues {
  login: string;
  password: string;
  additionalInfo: string | null;
}

/** One version's sealed values, written once and never updated. */
export function versionRow(
  id: string,
  version: number,
  planId: string,
  sealed: SealedValues,
  at: Date,
  by: string,
): RowWrite {
  return {
    sql: `INSERT INTO service_credential_versions (credentials_id, version, plan_id, login_encrypted,
            password_encrypted, additional_info_encrypted, created_at, created_by)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    params: [id, version, planId, sealed.login, sealed.password, sealed.additionalInfo, at, by],
    undo: {
      sql: 'DELETE FROM service_credential_versions WHERE credentials_id = $1 AND version = $2',
      params: [id, version],
    },
  };
}

/** Version 1 of a new set: its current row and its first version's row. */
export function createdSetRows(id: string, planId: string, sealed: SealedValues, at: Date, by: string): RowWrite[] {
  return [
    {
      sql: `INSERT INTO service_credentials (id, plan_id, login_encrypted, password_encrypted,
              additional_info_encrypted, created_at, updated_at, created_by, version)
            VALUES ($1, $2, $3, $4, $5, $6, $6, $7, 1)`,
      params: [id, planId, sealed.login, sealed.password, sealed.additionalInfo, at, by],
      undo: { sql: 'DELETE FROM service_credentials WHERE id = $1', params: [id] },
    },
    versionRow(id, 1, planId, sealed, at, by),
  ];
}

/**
 * A new version over `row`: the current row moves to it only from the version read (`refused`
 * when another save got there first), and the version's own row is added.
 */
export function revisedSetRows(
  row: CredentialsRow,
  next: { version: number; planId: string },
  sealed: SealedValues,
  at: Date,
  by: string,
  options: { refused: () => Error },
): RowWrite[] {
  return [
    {
      sql: `UPDATE service_credentials SET plan_id = $3, login_encrypted = $4, password_encrypted = $5,
              additional_info_encrypted = $6, version = $7, updated_at = $8, updated_by = $9
            WHERE id = $1 AND version = $2 AND deleted_at IS NULL`,
      params: [
        row.id,
        row.version,
        next.planId,
        sealed.login,
        sealed.password,
        sealed.additionalInfo,
        next.version,
        at,
        by,
      ],
      undo: {
        sql: `UPDATE service_credentials SET plan_id = $2, login_encrypted = $3, password_encrypted = $4,
                additional_info_encrypted = $5, version = $6, updated_at = $7, updated_by = $8
              WHERE id = $1`,
        params: [
          row.id,
          row.plan_id,
          row.login_encrypted,
          row.password_encrypted,
          row.additional_info_encrypted,
          row.version,
          row.updated_at,
          row.updated_by,
        ],
      },
      refusedWhenNothingWritten: options.refused,
    },
    versionRow(row.id, next.version, next.planId, sealed, at, by),
  ];
}

/** The set leaves the lists; its rows and versions stay (`refused` when it was already deleted). */
export function deletedSetRow(id: string, at: Date, by: string, options: { refused: () => Error }): RowWrite {
  return {
    sql: 'UPDATE service_credentials SET deleted_at = $2, deleted_by = $3 WHERE id = $1 AND deleted_at IS NULL',
    params: [id, at, by],
    undo: {
      sql: 'UPDATE service_credentials SET deleted_at = NULL, deleted_by = NULL WHERE id = $1',
      params: [id],
    },
    refusedWhenNothingWritten: options.refused,
  };
}
