import { describe, expect, it } from 'vitest';
import { readClientCredentials } from './client-credentials.js';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('readClientCredentials', () => {
  it('reads client_id and client_secret from the body without a Basic header', () => {
    expect(readClientCredentials(undefined, { client_id: 'mcc_a', client_secret: 's' })).toEqual({
      clientId: 'mcc_a',
      secret: 's',
      viaBasic: false,
    });
    expect(readClientCredentials('Bearer x', { client_id: 'mcc_a' })).toEqual({ clientId: 'mcc_a', secret: undefined, viaBasic: false });
  });

  it('reads Basic credentials, each part URL-decoded, and ignores a body secret', () => {
    expect(readClientCredentials(basic('mcc_a:p%3Aw'), { client_secret: 'other' })).toEqual({
      clientId: 'mcc_a',
      secret: 'p:w',
      viaBasic: true,
    });
    expect(readClientCredentials(`basic   ${Buffer.from('id:s').toString('base64')}`, {})).toMatchObject({
      clientId: 'id',
      viaBasic: true,
    });
  });

  it('keeps a malformed or contradictory Basic header as the problem', () => {
    expect(readClientCredentials(basic('no-colon'), {})).toEqual({ viaBasic: true, problem: 'Malformed Basic credentials.' });
    expect(readClientCredentials(basic('%E0%A4%A:s'), {})).toEqual({ viaBasic: true, problem: 'Malformed Basic credentials.' });
    expect(readClientCredentials(basic('id:%E0%A4%A'), {})).toEqual({ viaBasic: true, problem: 'Malformed Basic credentials.' });
    expect(readClientCredentials(basic('mcc_a:s'), { client_id: 'mcc_b' })).toEqual({
      viaBasic: true,
      problem: 'client_id does not match the credentials.',
    });
  });
});
