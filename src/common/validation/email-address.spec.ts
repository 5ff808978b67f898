import { describe, expect, it } from 'vitest';
import { emailDomain, isEmailAddress, mailboxKey, normalizeEmailAddress } from './email-address.js';

describe('the one email-address rule', () => {
  it.each(['a@example.com', 'first.last+tag@sub.example.co', "o'neil@example.org", 'x@agents.localhost'])('accepts %s', (a) => {
    expect(isEmailAddress(a)).toBe(true);
  });
  it.each([
    'a@..',
    'a@',
    '@example.com',
    'a..b@example.com',
    '.a@example.com',
    'a@example',
    'a@-x.com',
    'a@x-.com',
    'a b@example.com',
    'a@1.2.3.4',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
    'a@example.c0m',
    'a@example.com\n',
  ])('refuses %j', (a) => {
    expect(isEmailAddress(a)).toBe(false);
  });
  it('normalises the domain only', () => {
    expect(normalizeEmailAddress('  Mixed.Case@Example.COM ')).toBe('Mixed.Case@example.com');
  });
  it('keys a mailbox without its sub-address and, for dot-blind providers, its dots', () => {
    expect(mailboxKey('Alice+news@Example.com')).toBe('alice@example.com');
    expect(mailboxKey('a.li.ce+x@googlemail.com')).toBe('alice@gmail.com');
    expect(mailboxKey('a.lice@example.com')).toBe('a.lice@example.com');
    expect(emailDomain('x@Sub.Example.com')).toBe('sub.example.com');
  });
});
