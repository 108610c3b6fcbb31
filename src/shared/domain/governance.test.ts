import { describe, expect, it } from 'vitest';
import { type Actor, effectiveRoles, roleBadges } from '../policy';
import {
  addableOrganizations,
  assignmentAddedMessage,
  bulkRoleMessage,
  inBatches,
  keepShown,
  planRoleChange,
  revertFailed,
  shortId,
  superAdminPrompt,
} from './governance';

describe('inBatches', () => {
  it('runs at most `size` tasks at a time, batch after batch, and reports every key', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const keys = Array.from({ length: 23 }, (_, i) => i);
    const out = await inBatches(
      keys,
      async (k) => {
        started.push(k);
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 1));
        running--;
        if (k % 7 === 0) throw new Error(`bad ${k}`);
      },
      10,
    );
    expect(peak).toBe(10);
    expect(started).toEqual(keys);
    expect(out.failed.map((f) => f.key)).toEqual([0, 7, 14, 21]);
    expect(out.succeeded).toHaveLength(19);
    expect((out.failed[1].error as Error).message).toBe('bad 7');
  });

  it('a batch starts only when the previous one has settled', async () => {
    const log: string[] = [];
    await inBatches(
      [1, 2, 3],
      async (k) => {
        log.push(`start ${k}`);
        await new Promise((r) => setTimeout(r, k === 1 ? 5 : 0));
        log.push(`end ${k}`);
      },
      2,
    );
    expect(log.indexOf('start 3')).toBeGreaterThan(log.indexOf('end 1'));
  });

  it('handles no keys', async () => {
    expect(await inBatches([], async () => {})).toEqual({ succeeded: [], failed: [] });
  });
});

describe('bulk role change plan and revert', () => {
  const rows = [
    { id: 'a', role: 'applicant', deleted_at: null },
    { id: 'b', role: 'superadmin', deleted_at: null },
    { id: 'c', role: 'applicant', deleted_at: '2026-01-01T00:00:00Z' },
    { id: 'd', role: 'admin', deleted_at: null },
  ];

  it('skips deleted users and rows already holding the role; shows the rest changed', () => {
    const plan = planRoleChange(rows, ['a', 'b', 'c', 'd'], 'superadmin');
    expect(plan.targets).toEqual(['a', 'd']);
    expect(plan.skipped).toEqual(['c']);
    expect(plan.optimistic.map((r) => r.role)).toEqual([
      'superadmin',
      'superadmin',
      'applicant',
      'superadmin',
    ]);
  });

  it('reverts failed rows only', () => {
    const plan = planRoleChange(rows, ['a', 'd'], 'superadmin');
    const after = revertFailed(plan.optimistic, rows, ['d']);
    expect(after.map((r) => r.role)).toEqual(['superadmin', 'superadmin', 'applicant', 'admin']);
  });

  it("says 'Roles updated.' or that some were reverted", () => {
    expect(bulkRoleMessage(0)).toEqual({ ok: true, message: 'Roles updated.' });
    expect(bulkRoleMessage(2)).toEqual({
      ok: false,
      message: 'Some updates failed. Changes were reverted for those rows.',
    });
  });
});

describe('a second look before a bulk promotion (issue 33 item 6)', () => {
  it('names the count', () => {
    expect(superAdminPrompt(20)).toBe('Make 20 users super admins?');
    expect(superAdminPrompt(1)).toBe('Make 1 user a super admin?');
  });

  it('keeps selected only the rows still shown when the list changes', () => {
    const selected = new Set(['a', 'b', 'c']);
    expect([...keepShown(selected, [{ id: 'b' }, { id: 'd' }])]).toEqual(['b']);
    expect(keepShown(selected, []).size).toBe(0);
  });
});

describe('coalition Add Organization picker', () => {
  const orgs = ['Alpha Arts', 'Beta Band', 'Gamma Guild', 'Delta Dance', 'Alpine Choir'].map((name, i) => ({
    id: String(i),
    name,
  }));

  it('shows at most 3 matches that are not members, case-insensitively', () => {
    expect(addableOrganizations(orgs, ['0'], '').matches.map((o) => o.name)).toEqual([
      'Beta Band',
      'Gamma Guild',
      'Delta Dance',
    ]);
    expect(addableOrganizations(orgs, ['0'], 'ALP').matches.map((o) => o.name)).toEqual(['Alpine Choir']);
  });

  it('gives the spec prompts when nothing can be shown', () => {
    expect(addableOrganizations(orgs, [], 'zzz')).toEqual({
      matches: [],
      prompt: 'No organizations found matching your search',
    });
    expect(addableOrganizations(orgs, ['0', '1', '2', '3', '4'], '')).toEqual({
      matches: [],
      prompt: 'All organizations are already members',
    });
  });
});

describe('words', () => {
  it('names the added assignment', () => {
    expect(assignmentAddedMessage('org_admin')).toBe('Organization admin added successfully');
    expect(assignmentAddedMessage('coalition_manager')).toBe('Coalition manager added successfully');
    expect(assignmentAddedMessage('reviewer')).toBe('Reviewer added successfully');
  });
  it('shortens an id', () => {
    expect(shortId('0123456789abcdef')).toBe('01234567…');
    expect(shortId('abc')).toBe('abc');
  });
});

describe('effective roles and badges', () => {
  const actor = (over: Partial<Actor> = {}): Actor => ({
    userId: 'u',
    email: 'u@x',
    role: 'applicant',
    deleted: false,
    onboarded: true,
    orgAdmin: [],
    coalitionManager: [],
    reviewerOrgs: [],
    reviewerPrograms: [],
    programAdmin: [],
    ...over,
  });

  it('come from the profile (superadmin) and active assignments; applicant if none', () => {
    expect(roleBadges(effectiveRoles(actor()))).toEqual(['applicant']);
    expect(roleBadges(effectiveRoles(actor({ role: 'superadmin', reviewerPrograms: ['p'] })))).toEqual([
      'superadmin',
      'reviewer',
    ]);
    expect(
      roleBadges(effectiveRoles(actor({ orgAdmin: ['o'], reviewerOrgs: ['o'], coalitionManager: ['c'] }))),
    ).toEqual(['admin', 'reviewer', 'coalition_manager']);
    // The legacy 'admin' profile role grants nothing by itself.
    expect(roleBadges(effectiveRoles(actor({ role: 'admin' })))).toEqual(['applicant']);
  });

  it('a soft-deleted user holds no role', () => {
    expect(effectiveRoles(actor({ deleted: true, role: 'superadmin', orgAdmin: ['o'] }))).toEqual({
      superadmin_from_profile: false,
      has_admin: false,
      has_reviewer: false,
      has_co_manager: false,
    });
  });
});
