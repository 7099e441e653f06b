import { Fragment, type ReactNode } from 'react';

/**
 * A message with one placeholder filled by markup: `fill(t('challenges.poll.youVoted'), 'option', <strong>…</strong>)`
 * keeps the words in the message file (their order differs by language) and the emphasis in the code.
 * Without the placeholder, the message is shown as it is.
 */
export function fill(message: string, name: string, node: ReactNode): ReactNode {
  const marker = `{${name}}`;
  const at = message.indexOf(marker);
  if (at < 0) return message;
  return <Fragment>{message.slice(0, at)}{node}{message.slice(at + marker.length)}</Fragment>;
}
