// Every write a supporter makes from a form, declared once (Astro Actions, `accept: 'form'`): a page
// posts its form here without JavaScript and answers with `answerAction` (src/lib/forms/form-action.server.ts),
// an island calls the same action with `submitAction` (src/lib/forms/submit-action.ts). Each action makes
// its feature's API call with the form's idempotency key and chooses the toast and the refusal words.
import { activations } from './activations.ts';
import { admin } from './admin/index.ts';
import { articles } from './articles.ts';
import { carousel } from './carousel.ts';
import { challenges } from './challenges.ts';
import { checkin } from './checkin.ts';
import { experiences } from './experiences.ts';
import { leaderboards } from './leaderboards.ts';
import { membership } from './membership.ts';
import { privacy } from './privacy.ts';
import { profile } from './profile.ts';
import { supportRequests } from './support-requests.ts';
import { sweepstakes } from './sweepstakes.ts';

export const server = { activations, admin, articles, carousel, challenges, checkin, experiences, leaderboards, membership, privacy, profile, supportRequests, sweepstakes };
