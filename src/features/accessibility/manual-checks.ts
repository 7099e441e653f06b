// The checks axe cannot make, as the statement lists them (their words in the `accessibility` message area), and
// the day a person last made them. tests/e2e/accessibility-statement.spec.ts repeats what a test can of each.
import type { MessageKey } from '~/shared/i18n/translate.ts';
import type { Impact } from './axe-summary.ts';

interface ManualCheck {
  id: string;
  what: MessageKey;
  how: MessageKey;
  result: MessageKey;
}

export const MANUAL_CHECKS: readonly ManualCheck[] = [
  { id: 'focus', what: 'accessibility.manual.focus.what', how: 'accessibility.manual.focus.how', result: 'accessibility.manual.focus.result' },
  { id: 'target', what: 'accessibility.manual.target.what', how: 'accessibility.manual.target.how', result: 'accessibility.manual.target.result' },
  { id: 'reflow', what: 'accessibility.manual.reflow.what', how: 'accessibility.manual.reflow.how', result: 'accessibility.manual.reflow.result' },
  { id: 'motion', what: 'accessibility.manual.motion.what', how: 'accessibility.manual.motion.how', result: 'accessibility.manual.motion.result' },
  { id: 'names', what: 'accessibility.manual.names.what', how: 'accessibility.manual.names.how', result: 'accessibility.manual.names.result' },
];

/** The day of the last review by hand (YYYY-MM-DD): change it when the list is reviewed again. */
export const MANUAL_CHECKED_ON = '2026-11-27';

/** What is known not to conform. */
export const KNOWN_GAPS: readonly MessageKey[] = ['accessibility.known.captions', 'accessibility.known.clubContent'];

export const IMPACT_LABELS: Record<Impact, MessageKey> = {
  critical: 'accessibility.impact.critical',
  serious: 'accessibility.impact.serious',
  moderate: 'accessibility.impact.moderate',
  minor: 'accessibility.impact.minor',
};
