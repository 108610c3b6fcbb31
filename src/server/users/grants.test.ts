import { describe, expect, it } from 'vitest';
import { type ActorScope, assignmentGrants, effectiveRoleScopes, grantOf } from '../../shared/policy';
import { assignmentKinds, assignmentScopes } from '../db/schema/assignments';

// The Actor (TypeScript) and the capability lists (SQL) are both written from assignmentGrants: a kind
// the database can store but the table does not name would grant nothing on either side.
describe('assignmentGrants', () => {
  it('names every assignment kind the database stores, over scope types it stores', () => {
    expect([...new Set(assignmentGrants.map((g) => g.kind))].sort()).toEqual([...assignmentKinds].sort());
    for (const g of assignmentGrants) expect(assignmentScopes).toContain(g.scopeType);
  });

  it('fills every list of an Actor, each from one pair', () => {
    const lists: ActorScope[] = [
      'orgAdmin',
      'coalitionManager',
      'reviewerOrgs',
      'reviewerPrograms',
      'programAdmin',
    ];
    expect(assignmentGrants.map((g) => g.grants).sort()).toEqual([...lists].sort());
    for (const g of assignmentGrants) expect(grantOf(g.kind, g.scopeType)).toBe(g.grants);
    expect(grantOf('org_admin', 'program')).toBeNull();
    expect(grantOf('owner', 'org')).toBeNull();
  });

  it('makes every list count towards one effective role', () => {
    expect(Object.values(effectiveRoleScopes).flat().sort()).toEqual(
      assignmentGrants.map((g) => g.grants).sort(),
    );
  });
});
