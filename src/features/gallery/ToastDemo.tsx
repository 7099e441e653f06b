import { toast } from '~/lib/toast/store.ts';

const BUTTON = 'rounded-md bg-primary px-4 py-2 text-sm font-semibold text-on-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** Gallery buttons that raise toasts through the store; the page's one Toaster shows them. */
export function ToastDemo() {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={BUTTON} onClick={() => toast({ title: 'Check-in saved', description: 'You earned 10 points.' })}>
        Show default toast
      </button>
      <button
        type="button"
        className={BUTTON}
        onClick={() => toast({ title: 'Something went wrong', description: 'Check your connection and try again.', variant: 'destructive' })}
      >
        Show destructive toast
      </button>
      <button
        type="button"
        className={BUTTON}
        onClick={() => toast({ title: 'New challenge', description: 'A quiz is waiting for you.', action: { label: 'View', href: '/challenges' } })}
      >
        Show toast with action
      </button>
    </div>
  );
}
