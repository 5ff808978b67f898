// Row factories, one file per entity: each builds a valid row with overridable fields and inserts
// it into a test's own database (see test/support/database.ts).
export * from './agent.factory.js';
export * from './db.js';
export * from './dmv-registration.factory.js';
export * from './inbox-message.factory.js';
export * from './member.factory.js';
export * from './memory.factory.js';
export * from './oauth-client.factory.js';
export * from './owner.factory.js';
export * from './token.factory.js';
