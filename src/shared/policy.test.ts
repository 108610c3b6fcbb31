import { describe, expect, it } from 'vitest';
import { type Actor, bumpedRole, can, effectiveRoles, isSuperAdmin, roleBadges } from './policy';

const actor = (over: Partial<Actor> = {}): Actor => ({
  userId: 'u1',
  email: 'u1@test',
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
const program = { programId: 'p1', orgId: 'o1', coalitionIds: ['c1'] };

describe('can()', () => {
  it('denies visitors and soft-deleted users everything, even a deleted super admin', () => {
    expect(can(null, { kind: 'self:use' })).toBe(false);
    expect(can(actor({ deleted: true }), { kind: 'self:use' })).toBe(false);
    expect(can(actor({ role: 'superadmin', deleted: true }), { kind: 'super:manage' })).toBe(false);
  });

  it('lets a super admin do everything', () => {
    const sa = actor({ role: 'superadmin' });
    expect(can(sa, { kind: 'super:manage' })).toBe(true);
    expect(can(sa, { kind: 'org:admin', orgId: 'any' })).toBe(true);
    expect(can(sa, { kind: 'program:review', program })).toBe(true);
  });

  it('grants nothing for the legacy admin profile role', () => {
    const legacy = actor({ role: 'admin' });
    expect(can(legacy, { kind: 'super:manage' })).toBe(false);
    expect(can(legacy, { kind: 'org:admin', orgId: 'o1' })).toBe(false);
  });

  it('scopes org admins to their organizations', () => {
    const admin = actor({ orgAdmin: ['o1'] });
    expect(can(admin, { kind: 'org:admin', orgId: 'o1' })).toBe(true);
    expect(can(admin, { kind: 'org:admin', orgId: 'o2' })).toBe(false);
    expect(can(admin, { kind: 'program:admin', program })).toBe(true);
    expect(can(admin, { kind: 'program:review', program })).toBe(true);
    expect(can(admin, { kind: 'program:admin', program: { ...program, orgId: 'o2' } })).toBe(false);
    expect(can(admin, { kind: 'super:manage' })).toBe(false);
  });

  it('gives program admins that program only', () => {
    const pa = actor({ programAdmin: ['p1'] });
    expect(can(pa, { kind: 'program:admin', program })).toBe(true);
    expect(can(pa, { kind: 'program:admin', program: { ...program, programId: 'p2' } })).toBe(false);
    expect(can(pa, { kind: 'org:admin', orgId: 'o1' })).toBe(false);
  });

  it('lets reviewers review by organization or by program, never administer', () => {
    const byOrg = actor({ reviewerOrgs: ['o1'] });
    const byProgram = actor({ reviewerPrograms: ['p1'] });
    expect(can(byOrg, { kind: 'program:review', program })).toBe(true);
    expect(can(byProgram, { kind: 'program:review', program })).toBe(true);
    expect(can(byProgram, { kind: 'program:review', program: { ...program, programId: 'p2' } })).toBe(false);
    expect(can(byOrg, { kind: 'org:review', orgId: 'o1' })).toBe(true);
    expect(can(byProgram, { kind: 'org:review', orgId: 'o1' })).toBe(false);
    expect(can(byOrg, { kind: 'program:admin', program })).toBe(false);
  });

  it('lets coalition managers manage their coalitions and edit coalition programs', () => {
    const cm = actor({ coalitionManager: ['c1'] });
    expect(can(cm, { kind: 'coalition:manage', coalitionId: 'c1' })).toBe(true);
    expect(can(cm, { kind: 'coalition:manage', coalitionId: 'c2' })).toBe(false);
    expect(can(cm, { kind: 'program:edit-coalition', program })).toBe(true);
    expect(can(cm, { kind: 'program:edit-coalition', program: { ...program, coalitionIds: [] } })).toBe(
      false,
    );
  });

  it("lets a program's admins and its coalitions' managers export it, and nobody else", () => {
    const other = { ...program, programId: 'p2', orgId: 'o2', coalitionIds: ['c2'] };
    expect(can(actor({ orgAdmin: ['o1'] }), { kind: 'program:export', program })).toBe(true);
    expect(can(actor({ programAdmin: ['p1'] }), { kind: 'program:export', program })).toBe(true);
    expect(can(actor({ coalitionManager: ['c1'] }), { kind: 'program:export', program })).toBe(true);
    expect(can(actor({ role: 'superadmin' }), { kind: 'program:export', program: other })).toBe(true);
    expect(can(actor({ coalitionManager: ['c1'] }), { kind: 'program:export', program: other })).toBe(false);
    expect(can(actor({ orgAdmin: ['o1'] }), { kind: 'program:export', program: other })).toBe(false);
    expect(
      can(actor({ reviewerOrgs: ['o1'], reviewerPrograms: ['p1'] }), { kind: 'program:export', program }),
    ).toBe(false);
  });
});

describe('effective roles and badges', () => {
  it('derives roles from assignments and the profile', () => {
    expect(effectiveRoles(actor())).toEqual({
      superadmin_from_profile: false,
      has_admin: false,
      has_reviewer: false,
      has_co_manager: false,
    });
    expect(roleBadges(effectiveRoles(actor()))).toEqual(['applicant']);
    const many = actor({
      role: 'superadmin',
      orgAdmin: ['o'],
      reviewerPrograms: ['p'],
      coalitionManager: ['c'],
    });
    expect(roleBadges(effectiveRoles(many))).toEqual([
      'superadmin',
      'admin',
      'reviewer',
      'coalition_manager',
    ]);
    expect(isSuperAdmin(many)).toBe(true);
  });

  it('gives a soft-deleted user no role at all', () => {
    const gone = actor({ deleted: true, role: 'superadmin', orgAdmin: ['o'] });
    expect(roleBadges(effectiveRoles(gone))).toEqual(['applicant']);
  });
});

describe('role bump', () => {
  it('raises an applicant to the assigned role', () => {
    expect(bumpedRole('applicant', 'org_admin')).toBe('admin');
    expect(bumpedRole('applicant', 'program_admin')).toBe('admin');
    expect(bumpedRole('applicant', 'reviewer')).toBe('reviewer');
    expect(bumpedRole('applicant', 'coalition_manager')).toBe('coalition_manager');
  });
  it('leaves any other role alone', () => {
    expect(bumpedRole('superadmin', 'reviewer')).toBe('superadmin');
    expect(bumpedRole('reviewer', 'org_admin')).toBe('reviewer');
  });
});

describe('API token actors (decision 040)', () => {
  const token = { id: 't1', name: 'CRM', orgId: 'o1', scope: 'read_write' as const };
  const viaToken = actor({ role: 'admin', orgAdmin: ['o1'], apiToken: token });
  it('act as org admin of their organization only', () => {
    expect(can(viaToken, { kind: 'org:admin', orgId: 'o1' })).toBe(true);
    expect(can(viaToken, { kind: 'program:admin', program })).toBe(true);
    expect(can(viaToken, { kind: 'org:admin', orgId: 'o2' })).toBe(false);
    expect(can(viaToken, { kind: 'super:manage' })).toBe(false);
    expect(can(viaToken, { kind: 'coalition:manage', coalitionId: 'c1' })).toBe(false);
  });
  it('never reach a person’s own things', () => {
    expect(can(viaToken, { kind: 'self:use' })).toBe(false);
    expect(can(actor({ orgAdmin: ['o1'] }), { kind: 'self:use' })).toBe(true);
  });
});
