import { describe, expect, it } from 'vitest';
import { PlayedTime } from './played-time.ts';

describe('played time', () => {
  it('adds up ordinary playback and not a jump forward or back', () => {
    const played = new PlayedTime();
    for (let t = 0; t <= 4; t += 0.25) played.update(t);
    expect(played.seconds).toBe(4);
    played.update(9); // a seek to 9 s
    played.update(9.25);
    played.update(2); // back to 2 s
    played.update(2.5);
    expect(played.seconds).toBe(4.75);
  });

  it('starts afresh after a pause', () => {
    const played = new PlayedTime();
    played.update(1);
    played.update(1.25);
    played.restart();
    played.update(1.5);
    expect(played.seconds).toBe(0.25);
  });
});
