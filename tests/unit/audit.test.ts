import { describe, expect, it } from 'vitest';
import { verdict } from '../../scripts/audit';

describe('npm run audit verdict', () => {
  it('fails on a high or critical advisory in a production dependency', () => {
    const report = {
      vulnerabilities: {
        hono: { severity: 'high', via: [{ title: 'x' }] },
        zod: { severity: 'low', via: [] },
      },
    };
    const v = verdict(JSON.stringify(report));
    expect(v.outcome).toBe('fail');
    expect(v.message).toContain('hono (high)');
    expect(v.message).not.toContain('zod');
  });

  it('passes with low or moderate advisories only, or none', () => {
    expect(verdict(JSON.stringify({ vulnerabilities: { zod: { severity: 'moderate' } } })).outcome).toBe(
      'pass',
    );
    expect(verdict(JSON.stringify({ vulnerabilities: {} })).outcome).toBe('pass');
  });

  it('says nothing was checked when the endpoint cannot be reached', () => {
    const offline = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    };
    expect(verdict(JSON.stringify(offline))).toMatchObject({ outcome: 'unchecked' });
    expect(verdict('').outcome).toBe('unchecked');
  });
});
