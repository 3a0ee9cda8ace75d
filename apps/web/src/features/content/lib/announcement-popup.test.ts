import { describe, expect, it } from 'vitest';
import { closedOwners, popupExecution, popupOwner, withClosed } from './announcement-popup';

describe('the announcement popup’s audience', () => {
  it('asks visitors for B, members for A, a first login for F, and nothing while unsure', () => {
    expect(popupExecution({ status: 'anonymous', firstTimeLogin: false })).toBe('B');
    expect(popupExecution({ status: 'loggedIn', firstTimeLogin: false })).toBe('A');
    expect(popupExecution({ status: 'loggedIn', firstTimeLogin: true })).toBe('F');
    expect(popupExecution({ status: 'restoring', firstTimeLogin: false })).toBeNull();
    expect(popupExecution({ status: 'passwordChange', firstTimeLogin: true })).toBeNull();
  });

  it('keeps the closed flag per member or anonymous visitor', () => {
    const afterVisitor = withClosed(null, popupOwner(null));
    expect(closedOwners(afterVisitor)).toEqual(['anonymous']);
    // Logging in is another owner: the member still sees their own popup.
    expect(closedOwners(afterVisitor)).not.toContain(popupOwner(7));
    const both = withClosed(afterVisitor, popupOwner(7));
    expect(closedOwners(both)).toEqual(['anonymous', 'member:7']);
    expect(closedOwners(withClosed(both, 'anonymous'))).toEqual(['member:7', 'anonymous']);
  });

  it('survives a damaged stored value and keeps a bounded list', () => {
    expect(closedOwners('{not json')).toEqual([]);
    expect(closedOwners('{"a":1}')).toEqual([]);
    let stored: string | null = null;
    for (let id = 0; id < 30; id += 1) stored = withClosed(stored, popupOwner(id));
    expect(closedOwners(stored)).toHaveLength(20);
    expect(closedOwners(stored).at(-1)).toBe('member:29');
  });
});
