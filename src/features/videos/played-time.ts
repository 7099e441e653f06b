/**
 * How much of a video has really played, from its `timeupdate` events: the steps of ordinary playback
 * add up; a seek (a jump, or going back) or a pause starts afresh without counting the jump.
 */
export class PlayedTime {
  private last: number | undefined;
  seconds = 0;

  /** From a `timeupdate` at `currentTime`: answers the seconds played so far. */
  update(currentTime: number): number {
    if (this.last !== undefined) {
      const step = currentTime - this.last;
      // timeupdate fires every quarter second or so; anything longer is a jump, not playback.
      if (step > 0 && step < 1.5) this.seconds += step;
    }
    this.last = currentTime;
    return this.seconds;
  }

  /** After a pause or a seek: the next update only sets the starting point. */
  restart(): void {
    this.last = undefined;
  }
}
