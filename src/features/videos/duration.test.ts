import { describe, expect, it } from 'vitest';
import { formatDuration, isoDuration } from './duration.ts';

describe('video durations', () => {
  it('read as a player shows them', () => {
    expect([0, 10, 65, 634, 3725].map(formatDuration)).toEqual(['0:00', '0:10', '1:05', '10:34', '1:02:05']);
  });

  it('write ISO 8601 for machines', () => {
    expect([0, 10, 60, 634, 3725].map(isoDuration)).toEqual(['PT0S', 'PT10S', 'PT1M', 'PT10M34S', 'PT1H2M5S']);
  });
});
