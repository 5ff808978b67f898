import { describe, expect, it } from 'vitest';
import { decodeMcpHeader, isJsonContentType, responseFormat } from './headers.js';
import { extendObject } from './json-rpc.js';

describe('decodeMcpHeader', () => {
  it('trims plain values', () => {
    expect(decodeMcpHeader('  tool  ')).toBe('tool');
  });
  it('decodes the =?base64?…?= sentinel as UTF-8', () => {
    expect(decodeMcpHeader('=?base64?bcOpdMOpbw==?=')).toBe('météo');
    expect(decodeMcpHeader(' =?base64?ICB0b29sICA=?= ')).toBe('tool');
  });
  it('rejects invalid payloads', () => {
    expect(decodeMcpHeader('=?base64?***?=')).toBeNull();
    expect(decodeMcpHeader('=?base64?abc?=')).toBeNull();
    expect(decodeMcpHeader('=?base64?/w==?=')).toBeNull(); // 0xFF is not UTF-8
  });
});

describe('responseFormat', () => {
  it('prefers JSON whenever it is accepted', () => {
    expect(responseFormat(undefined)).toBe('json');
    expect(responseFormat('application/json, text/event-stream')).toBe('json');
    expect(responseFormat('*/*')).toBe('json');
    expect(responseFormat('text/event-stream')).toBe('sse');
    expect(responseFormat('text/html')).toBe('none');
  });
});

describe('isJsonContentType', () => {
  it('accepts application/json with parameters only', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    expect(isJsonContentType('text/plain')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });
});

describe('extendObject', () => {
  it('appends members to serialized objects', () => {
    expect(extendObject('{}', ',"a":1')).toBe('{"a":1}');
    expect(JSON.parse(extendObject('{"x":[1]}', ',"a":1'))).toEqual({ x: [1], a: 1 });
  });
});
