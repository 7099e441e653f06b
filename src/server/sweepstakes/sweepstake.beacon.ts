import { ApiError } from '../errors.ts';

// An optional public randomness beacon (drand, https://drand.love). A sweepstake may announce, before its
// entries close, a drand round published after its end; the draw mixes that round's `randomness` in, so
// not even the club can know the outcome while entries are open. Off unless a sweepstake names a chain.

const TIMEOUT_MS = 5_000;
const HEX = /^[0-9a-f]{64}$/;

/** The first round a drand chain publishes after `endsAt` (round r is out at genesis + (r - 1) × period). */
function roundAfter(chain: { genesisTime: number; period: number }, endsAt: string): number {
  const seconds = Date.parse(endsAt) / 1000;
  return Math.max(1, Math.floor((seconds - chain.genesisTime) / chain.period) + 2);
}

/** The round's randomness from `{chainUrl}/public/{round}`; 503 while it is not out or the beacon is unreachable. */
export async function fetchBeacon(chainUrl: string, round: number): Promise<string> {
  try {
    const res = await fetch(`${chainUrl.replace(/\/+$/, '')}/public/${round}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = res.ok ? await res.json() as { round?: unknown; randomness?: unknown } : undefined;
    if (body && body.round === round && typeof body.randomness === 'string' && HEX.test(body.randomness)) return body.randomness;
  } catch {
    // Unreachable or not JSON: the same answer as a round not out yet.
  }
  throw new ApiError('unavailable', 'api.sweepstakes.beaconUnavailable');
}

/** The round to announce for a sweepstake ending at `endsAt`, from the chain's `{chainUrl}/info`; 503 when unreachable. */
export async function announceRound(chainUrl: string, endsAt: string): Promise<number> {
  try {
    const res = await fetch(`${chainUrl.replace(/\/+$/, '')}/info`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const info = res.ok ? await res.json() as { period?: unknown; genesis_time?: unknown } : undefined;
    if (info && typeof info.period === 'number' && info.period > 0 && typeof info.genesis_time === 'number') {
      return roundAfter({ genesisTime: info.genesis_time, period: info.period }, endsAt);
    }
  } catch {
    // Unreachable or not JSON: said below.
  }
  throw new ApiError('unavailable', 'api.sweepstakes.beaconUnavailable');
}
