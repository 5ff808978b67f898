import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { RecallWriter } from '../../common/auth/principals.js';
import { hashToken } from '../../common/auth/token.js';
import { isUniqueViolation } from '../../database/pg-errors.js';
import { memoryError } from '../memory.errors.js';
import { NEW_CREDENTIAL_HEADER, type CredentialChangeView } from '../memory.types.js';
import { AGENT_QUERIES, type AgentRow, type RevokedRow, type RotatedRow } from '../queries/agents.queries.js';
import { iso } from './message-view.js';

/** `arc_` + at least 43 base64url characters (32 random bytes). */
export const CREDENTIAL_PATTERN = /^arc_[A-Za-z0-9_-]{43,200}$/;

const NEW_CREDENTIAL_IN_USE = 'The new credential is already in use; generate another.';

/**
 * Agents' self-generated `arc_` credentials: the write opt-in and credential shape, the agent a
 * credential belongs to, rotation and revocation. Only SHA-256 hashes are stored.
 */
@Injectable()
export class AgentCredentials {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The hash of the writer's credential, after the write opt-in header and its shape are checked.
   * @throws missing_write_header, missing_credential, invalid_credential
   */
  credentialHash(writer: RecallWriter): string {
    if (!writer.writeOptIn) throw memoryError('missing_write_header');
    if (!writer.authorizationSent) throw memoryError('missing_credential');
    if (!writer.credential || !CREDENTIAL_PATTERN.test(writer.credential)) throw memoryError('invalid_credential');
    return hashToken(writer.credential);
  }

  /**
   * A registered, unrevoked (and, unless allowed, active) agent from the writer's credential.
   * @throws the codes of credentialHash, invalid_credential (not registered), credential_revoked, agent_suspended
   */
  async authenticate(writer: RecallWriter, options: { allowSuspended?: boolean } = {}): Promise<AgentRow> {
    const agent = await this.byHash(this.credentialHash(writer));
    if (!agent) throw memoryError('invalid_credential', 'This credential is not registered; call register_agent first.');
    if (agent.credential_revoked_at) throw memoryError('credential_revoked');
    if (agent.status !== 'active' && !options.allowSuspended) throw memoryError('agent_suspended');
    return agent;
  }

  async byHash(hash: string): Promise<AgentRow | undefined> {
    const [row] = (await this.db.query(AGENT_QUERIES.byCredential, [hash])) as AgentRow[];
    return row;
  }

  /**
   * Replaces the writer's credential with its new one.
   * @throws the codes of authenticate, missing_new_credential, invalid_new_credential, credential_in_use
   */
  async rotate(writer: RecallWriter): Promise<CredentialChangeView> {
    const agent = await this.authenticate(writer);
    const fresh = writer.newCredential;
    if (!fresh) {
      throw memoryError('missing_new_credential', `Send the new credential in the ${NEW_CREDENTIAL_HEADER} header.`);
    }
    if (!CREDENTIAL_PATTERN.test(fresh)) throw memoryError('invalid_new_credential');
    const freshHash = hashToken(fresh);
    if (await this.byHash(freshHash)) throw memoryError('credential_in_use', NEW_CREDENTIAL_IN_USE);
    try {
      const [rows] = (await this.db.query(AGENT_QUERIES.rotateCredential, [agent.id, freshHash])) as [RotatedRow[], number];
      return { agent_id: agent.id, handle: agent.handle, credential_rotated_at: iso(rows[0].credential_rotated_at) };
    } catch (error) {
      if (isUniqueViolation(error)) throw memoryError('credential_in_use', NEW_CREDENTIAL_IN_USE);
      throw error;
    }
  }

  /** Revokes the writer's credential for good. @throws the codes of credentialHash, invalid_credential, credential_revoked */
  async revoke(writer: RecallWriter): Promise<CredentialChangeView> {
    const agent = await this.authenticate(writer, { allowSuspended: true });
    const [rows] = (await this.db.query(AGENT_QUERIES.revokeCredential, [agent.id])) as [RevokedRow[], number];
    return { agent_id: agent.id, handle: agent.handle, credential_revoked_at: iso(rows[0].credential_revoked_at) };
  }
}
