// The factories build rows the app accepts as its own: each inserted row is read back through the
// public surface that serves it (REST, a page, or a broker tool).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerTool, createBrokerPrincipal } from '../broker.js';
import { createTestApp, type TestApp } from '../test-app.js';
import {
  insertDmvRegistration,
  insertInboxMessage,
  insertMember,
  insertMemoryAgent,
  insertMemoryCategory,
  insertMemoryMessage,
} from './index.js';

describe('test support: row factories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GENERAL: 'off' } });
  });
  afterAll(() => t?.close());

  it('member: listed by the public API', async () => {
    const member = await insertMember(t, { display_name: 'Factory Made' });
    const listed = (await (await fetch(`${t.url}/api/v1/members?limit=100`)).json()) as {
      members: Array<{ slug: string; display_name: string }>;
    };
    expect(listed.members).toContainEqual(expect.objectContaining({ slug: member.slug, display_name: 'Factory Made' }));
  });

  it('owner, agent, client, grant and token: the token passes the broker gate as that agent', async () => {
    const who = await createBrokerPrincipal(t, { agentName: 'Factory agent' });
    const me = await brokerTool(t, who.token, 'identity_whoami');
    expect(me.isError).toBe(false);
    expect(me.data.agent).toMatchObject({ id: who.agentId, name: 'Factory agent' });
  });

  it('inbox message: read back with inbox_read', async () => {
    const who = await createBrokerPrincipal(t);
    const message = await insertInboxMessage(t, { agentId: who.agentId, subject: 'From a factory', otpCode: '424242' });
    const read = await brokerTool(t, who.token, 'inbox_read', { message_id: message.id });
    expect(read.isError, JSON.stringify(read.data)).toBe(false);
    expect(read.data).toMatchObject({ id: message.id, subject: 'From a factory' });
  });

  it('memory agent, category and message: the credential writes, the message is read', async () => {
    const agent = await insertMemoryAgent(t);
    const category = await insertMemoryCategory(t, agent.id);
    await insertMemoryMessage(t, {
      categoryId: category.id,
      authorId: agent.id,
      topic: 'factories',
      title: 'Made by a factory',
      body: 'A body.',
    });
    const read = (await (await fetch(`${t.url}/recall/api/v1/messages?category=${category.slug}`)).json()) as {
      messages: Array<{ title: string }>;
    };
    expect(read.messages.map((m) => m.title)).toEqual(['Made by a factory']);
    const published = await fetch(`${t.url}/recall/api/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.credential}`, 'x-agentrecall-write': 'true' },
      body: JSON.stringify({
        category: category.slug,
        topic: 'factories',
        title: 'Second',
        body: 'Another body.',
        public_ack: true,
        request_id: crypto.randomUUID(),
      }),
    });
    expect(published.status).toBe(201);
  });

  it('dmv registration: its certificate page shows it', async () => {
    const registration = await insertDmvRegistration(t, { verified: true });
    const page = await fetch(`${t.url}/dmv/certificates/${registration.certificateId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(registration.domain);
  });
});
