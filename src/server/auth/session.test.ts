import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionToken } from './session';

const secret = 'test-secret-test-secret-test-secret-0123456789';
const signed = (token: string, key = secret) =>
  encodeURIComponent(`${token}.${createHmac('sha256', key).update(token).digest('base64')}`);

describe('sessionToken', () => {
  it('reads a session token signed with the auth secret, secure prefix or not', () => {
    expect(sessionToken(`a=1; applyhub.session_token=${signed('tok123')}; b=2`, secret)).toBe('tok123');
    expect(sessionToken(`__Secure-applyhub.session_token=${signed('tok123')}`, secret)).toBe('tok123');
  });

  it('refuses a wrong signature, a missing one, another cookie and no cookie', () => {
    expect(sessionToken(`applyhub.session_token=${signed('tok123', 'another-secret')}`, secret)).toBeNull();
    expect(sessionToken('applyhub.session_token=tok123', secret)).toBeNull();
    expect(sessionToken(`applyhub.session_data=${signed('tok123')}`, secret)).toBeNull();
    expect(sessionToken(`applyhub.session_token=${signed('tok123')}%`, secret)).toBeNull();
    expect(sessionToken(undefined, secret)).toBeNull();
  });
});
