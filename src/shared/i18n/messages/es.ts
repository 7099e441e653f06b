import type { Messages } from './en.ts';
import common from './es/common.ts';
import nav from './es/nav.ts';
import identity from './es/identity.ts';
import signin from './es/signin.ts';
import account from './es/account.ts';
import mail from './es/mail.ts';
import dashboard from './es/dashboard.ts';
import profile from './es/profile.ts';
import challenges from './es/challenges.ts';
import quiz from './es/quiz.ts';
import media from './es/media.ts';
import api from './es/api.ts';
import articles from './es/articles.ts';
import carousel from './es/carousel.ts';
import stories from './es/stories.ts';
import activations from './es/activations.ts';
import experiences from './es/experiences.ts';
import sweepstakes from './es/sweepstakes.ts';
import seo from './es/seo.ts';
import videos from './es/videos.ts';
import operators from './es/operators.ts';
import admin from './es/admin.ts';
import adminChallenges from './es/admin-challenges.ts';
import adminClub from './es/admin-club.ts';
import adminMedia from './es/admin-media.ts';

const es: Messages = { ...common, ...nav, ...identity, ...signin, ...account, ...mail, ...dashboard, ...profile, ...challenges, ...quiz, ...media, ...api, ...articles, ...carousel, ...stories, ...sweepstakes, ...activations, ...experiences, ...seo, ...videos, ...operators, ...admin, ...adminClub, ...adminMedia };

const es: Messages = { ...common, ...nav, ...identity, ...signin, ...account, ...mail, ...dashboard, ...profile, ...challenges, ...quiz, ...media, ...api, ...articles, ...carousel, ...stories, ...sweepstakes, ...activations, ...experiences, ...seo, ...videos, ...operators, ...admin, ...adminClub, ...adminChallenges };

export default es;
