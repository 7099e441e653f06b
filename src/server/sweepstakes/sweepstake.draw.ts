import { randomBytes } from 'node:crypto';

// The draw itself lives in src/shared/draw.ts, the one module the server, `npm run verify-draw` and the
// supporter's browser (/sweepstakes/{id}/verify) all run; the server adds only the secret seed's making.
export {
  commitmentOf, DRAW_PROCEDURE, drawWinners, drawWinnersPaged, entryLine, entryListHash, entryListText, isHex64, randomStream, uniformBelow,
  type DrawInput, type DrawnWinner, type ListPage, type PagedList, type PublishedEntry,
} from '../../shared/draw.ts';

/** A new secret seed: 32 random bytes as lowercase hex. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}
