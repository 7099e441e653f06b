// English: the source of every message key, one file per area of the app (./en/*.ts), so features
// add their words without touching each other's. Other locales must define the same keys.
import common from './en/common.ts';
import nav from './en/nav.ts';
import identity from './en/identity.ts';
import signin from './en/signin.ts';
import account from './en/account.ts';
import mail from './en/mail.ts';
import dashboard from './en/dashboard.ts';
import profile from './en/profile.ts';
import challenges from './en/challenges.ts';
import quiz from './en/quiz.ts';
import media from './en/media.ts';
import api from './en/api.ts';
import articles from './en/articles.ts';
import carousel from './en/carousel.ts';
import stories from './en/stories.ts';
import activations from './en/activations.ts';
import experiences from './en/experiences.ts';
import sweepstakes from './en/sweepstakes.ts';
import seo from './en/seo.ts';
import videos from './en/videos.ts';
import operators from './en/operators.ts';
import admin from './en/admin.ts';
import adminChallenges from './en/admin-challenges.ts';
import adminClub from './en/admin-club.ts';
import adminMedia from './en/admin-media.ts';
import adminExports from './en/admin-exports.ts';
import privacy from './en/privacy.ts';
import adminMembers from './en/admin-members.ts';
import adminBlocks from './en/admin-blocks.ts';
import adminAdjustments from './en/admin-adjustments.ts';
import supportRequests from './en/support-requests.ts';
import adminReports from './en/admin-reports.ts';
import install from './en/install.ts';
import verify from './en/verify.ts';
import leaderboards from './en/leaderboards.ts';
import accessibility from './en/accessibility.ts';
import moments from './en/moments.ts';
import adminMoments from './en/admin-moments.ts';
import adminMembership from './en/admin-membership.ts';
import badges from './en/badges.ts';
import next from './en/next.ts';
import onboarding from './en/onboarding.ts';

const en = { ...common, ...nav, ...identity, ...signin, ...account, ...mail, ...dashboard, ...profile, ...challenges, ...quiz, ...media, ...api, ...articles, ...carousel, ...stories, ...sweepstakes, ...activations, ...experiences, ...seo, ...videos, ...operators, ...admin, ...adminChallenges, ...adminClub, ...adminMedia, ...adminExports, ...privacy, ...adminMembers, ...adminBlocks, ...adminAdjustments, ...supportRequests, ...adminReports, ...install, ...verify, ...leaderboards, ...accessibility, ...moments, ...adminMoments, ...adminMembership, ...badges, ...next, ...onboarding };

/** Every key of the message files, plural variants included (`points.term_one`, `points.term_other`). */
export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A key as code uses it: `t('points.term', { count })` picks `points.term_one` or `points.term_other`. */
export type MessageKey = MessageId extends infer K ? (K extends `${infer Base}_${PluralCategory}` ? Base : K) : never;
export default en satisfies Messages;
