// The console's forms (/admin), one action each; every lane of the console adds its kinds here.
import { apiKeys } from './api-keys.ts';
import { challenges } from './challenges.ts';
import { club } from './club.ts';
import { operators } from './operators.ts';
import { media } from './media.ts';
import { requests } from './requests.ts';

export const admin = { apiKeys, challenges, club, media, operators, requests };
