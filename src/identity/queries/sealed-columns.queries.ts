import type { SealedColumn } from '../../common/secrets/sealed-columns.queries.js';

/** The identity columns that hold sealed values: the assertion signing keys and the minted assertions. */
export const IDENTITY_SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'identity_signing_key', column: 'private_jwk', key: 'kid' },
  { table: 'identity_acceptance', column: 'assertion_jwt', key: 'id' },
];
