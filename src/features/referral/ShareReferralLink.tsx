import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { toast } from '~/lib/toast/store.ts';

export interface ShareReferralLinkProps {
  link: string;
  /** The organization's name, for the shared text. */
  clubName: string;
}

/** Shares the referral link with the Web Share API where there is one, else copies it. */
export function ShareReferralLink({ link, clubName }: ShareReferralLinkProps) {
  // Rendered on the server disabled: the button works once this island has hydrated.
  const [ready, setReady] = useState(false);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => {
    setReady(true);
    setCanShare(typeof navigator.share === 'function');
  }, []);

  async function share(): Promise<void> {
    if (canShare) {
      try {
        await navigator.share({ title: `Join me at ${clubName}`, text: `Join me on ${clubName} and earn points with me.`, url: link });
        return;
      } catch (error) {
        // The supporter closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied', description: 'Paste it in a message to a friend.' });
    } catch {
      toast({ title: 'Could not copy the link', description: 'Select the link above and copy it yourself.', variant: 'destructive' });
    }
  }

  return (
    <Button type="button" onClick={() => void share()} disabled={!ready} className="mt-4 w-full">
      {canShare ? 'Share my link' : 'Copy my link'}
    </Button>
  );
}
