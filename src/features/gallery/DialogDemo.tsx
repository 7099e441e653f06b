import { useState } from 'react';
import { Dialog } from '~/components/ui/Dialog.tsx';

const BUTTON = 'rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** Gallery dialog with two buttons inside, so the focus trap has somewhere to go. */
export function DialogDemo() {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>();
  const choose = (value: string) => {
    setChoice(value);
    setOpen(false);
  };

  return (
    <div>
      <button type="button" className={`${BUTTON} bg-primary text-on-primary`} onClick={() => setOpen(true)}>Open dialog</button>
      {choice && <p className="mt-2 text-sm text-muted">Last choice: {choice}</p>}
      <Dialog open={open} onClose={() => setOpen(false)} title="Enter the sweepstake?" closeLabel="Close">
        <p className="text-sm text-muted">Entering costs 100 points. You can enter as often as your balance allows.</p>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={`${BUTTON} border border-black/20 text-text`} onClick={() => choose('Decline')}>Decline</button>
          <button type="button" className={`${BUTTON} bg-primary text-on-primary`} onClick={() => choose('Accept')}>Accept</button>
        </div>
      </Dialog>
    </div>
  );
}
