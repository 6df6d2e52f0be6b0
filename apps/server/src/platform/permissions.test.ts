import { describe, expect, it } from 'vitest';
import { permissionKeys } from '@gemqc/contract';
import { permissionCatalogue } from './permissions';

describe('permission keys (issue 13, fault 10)', () => {
  it('are exactly the keys the server catalogue labels, listed once', () => {
    const catalogued = new Set(Object.values(permissionCatalogue).flatMap((defs) => defs.map((d) => d.key)));
    expect(new Set(permissionKeys)).toEqual(catalogued);
    expect(new Set(permissionKeys).size).toBe(permissionKeys.length);
  });
});
