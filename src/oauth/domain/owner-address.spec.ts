import { describe, expect, it } from 'vitest';
import { routesToAgentMailbox } from './owner-address.js';

describe('routesToAgentMailbox', () => {
  it('is true for the mail domain, its subdomains, any tag and any case', () => {
    for (const a of ['bot@agents.example', 'bot+1@agents.example', 'BOT+x@AGENTS.Example', 'x@mx.agents.example', 'x@agents.example.']) {
      expect(routesToAgentMailbox(a, 'agents.example'), a).toBe(true);
    }
  });
  it('is false for other domains, including look-alikes', () => {
    for (const a of ['me@example.org', 'me@evilagents.example', 'me@agents.example.org', 'agents.example@example.org']) {
      expect(routesToAgentMailbox(a, 'agents.example'), a).toBe(false);
    }
  });
});
