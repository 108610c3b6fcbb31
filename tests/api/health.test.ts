import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthSchema } from '../../src/shared/schemas/system';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok after checking the database', async () => {
    const { status, body } = await t.json('GET', '/api/health');
    expect(status).toBe(200);
    expect(healthSchema.parse(body).status).toBe('ok');
  });
});
