// The console's forms (/admin), one action each; every lane of the console adds its kinds here.
import { adjustments } from './adjustments.ts';
import { apiKeys } from './api-keys.ts';
import { blocks } from './blocks.ts';
import { challenges } from './challenges.ts';
import { club } from './club.ts';
import { operators } from './operators.ts';
import { media } from './media.ts';
import { membership } from './membership.ts';
import { moments } from './moments.ts';
import { privacy } from './privacy.ts';
import { requests } from './requests.ts';

export const admin = { adjustments, apiKeys, blocks, challenges, club, media, membership, moments, operators, privacy, requests };
