import { Icon, type IconName } from './Icon.tsx';

export interface EmptyStateProps {
  icon: IconName;
  /** One short sentence: what is (not) here. */
  title: string;
  /** What will come and when, or why. */
  text?: string;
  /** The next thing to do. */
  action?: { href: string; label: string };
  /** `alert` for a failed load: announced, and styled as a problem. */
  tone?: 'empty' | 'error';
}

/**
 * The designed state of a list with nothing to show (or that failed to load): an icon, a sentence and
 * the next action. Plain markup, rendered by Astro pages and islands alike; the words come from the caller.
 */
export function EmptyState({ icon, title, text, action, tone = 'empty' }: EmptyStateProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className="flex flex-col items-center gap-2 rounded-xl bg-surface px-6 py-8 text-center shadow-sm"
    >
      <span className={`flex size-12 items-center justify-center rounded-full ${tone === 'error' ? 'bg-red-100 text-red-800' : 'bg-primary/10 text-primary'}`}>
        <Icon name={icon} size={26} />
      </span>
      <p className="font-semibold">{title}</p>
      {text && <p className="max-w-84 text-sm text-muted">{text}</p>}
      {action && (
        <a href={action.href} className="mt-2 inline-flex min-h-11 items-center justify-center rounded-xl bg-primary px-5 py-2 text-center font-semibold text-on-primary">
          {action.label}
        </a>
      )}
    </div>
  );
}
