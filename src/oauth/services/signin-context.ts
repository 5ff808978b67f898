import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ClientEntity } from '../entities/client.entity.js';

/** The app a sign-in was started for, as the sign-in pages name it. */
export interface AskingApp {
  name: string;
  /** Where the app's answer goes (the redirect URI's host). */
  redirectHost: string;
}

/**
 * Names the app that asks when a sign-in was started from /authorize: the return target is that
 * request, and /authorize has already resolved (and stored) its client. Reads the database only —
 * never fetches a metadata document for a page view.
 */
@Injectable()
export class SigninContext {
  constructor(@InjectRepository(ClientEntity) private readonly clients: Repository<ClientEntity>) {}

  async appFor(returnTo: string): Promise<AskingApp | undefined> {
    let url: URL;
    try {
      url = new URL(returnTo, 'http://local.invalid');
    } catch {
      return undefined;
    }
    if (url.pathname !== '/authorize') return undefined;
    const clientId = url.searchParams.get('client_id');
    if (!clientId || clientId.length > 512) return undefined;
    const client = await this.clients.findOne({ where: { clientId } });
    if (!client || client.revokedAt) return undefined;
    const redirect = url.searchParams.get('redirect_uri') ?? client.redirectUris[0] ?? '';
    return { name: client.clientName, redirectHost: hostOf(redirect) };
  }
}

function hostOf(uri: string): string {
  try {
    const parsed = new URL(uri);
    return parsed.host || parsed.protocol;
  } catch {
    return '';
  }
}
