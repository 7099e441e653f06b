// The API's user carries `rankProgress`, and loadSessionUser keeps every field the API answers: this adds
// it to SessionUser's type (session.server.ts is being reworked in parallel; fold it in there afterwards).
import type { RankProgress } from '~/server/users/rank.ts';

declare module '~/lib/session/session.server.ts' {
  interface SessionUser {
    rankProgress: RankProgress;
  }
}
