import { describe, expect, it } from 'vitest';
import { changesOf } from './audit-view.ts';

describe('changesOf', () => {
  it('lists the fields that changed, with their values before and after', () => {
    expect(changesOf({ id: '1', email: 'a@b', role: 'support' }, { id: '1', email: 'a@b', role: 'editor' }))
      .toEqual([{ field: 'role', before: 'support', after: 'editor' }]);
  });

  it('lists every field of a creation or a removal, and shortens long values', () => {
    expect(changesOf(null, { id: 'x1', title: 'Derby', points: 5 })).toEqual([
      { field: 'title', before: '', after: 'Derby' }, { field: 'points', before: '', after: '5' },
    ]);
    expect(changesOf({ text: 'x'.repeat(500) }, null)[0]!.before).toHaveLength(160);
    expect(changesOf({ outcome: null }, { outcome: 1, awarded: 3 })).toEqual([
      { field: 'outcome', before: '', after: '1' }, { field: 'awarded', before: '', after: '3' },
    ]);
  });
});
