import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { toast } from '~/lib/toast/store.ts';

export interface ShareReferralLinkProps {
  link: string;
  /** The organization's name, for the shared text. */
  clubName: string;
  /** The organization's word for points, in the page's language. */
  pointsTerm: string;
  /** `pickMessages(messages, 'referral.')`. */
  messages: Partial<Messages>;
  locale: string;
}

/**
 * Shares the referral link with the Web Share API where there is one, else copies it. It needs script:
 * disabled until the island has hydrated (a tap before then would be lost), and hidden with scripting
 * off, where the page says how to copy the link by hand.
 */
export function ShareReferralLink({ link, clubName, pointsTerm, messages, locale }: ShareReferralLinkProps) {
  const t = translator(messages, locale);
  const [canShare, setCanShare] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setCanShare(typeof navigator.share === 'function');
    setHydrated(true);
  }, []);

  async function share(): Promise<void> {
    if (canShare) {
      try {
        await navigator.share({
          title: t('referral.shareTitle', { club: clubName }),
          text: t('referral.shareText', { club: clubName, term: pointsTerm }),
          url: link,
        });
        return;
      } catch (error) {
        // The supporter closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t('referral.copied'), description: t('referral.copiedText') });
    } catch {
      toast({ title: t('referral.copyFailed'), description: t('referral.copyFailedText'), variant: 'destructive' });
    }
  }

  return (
    // Without JavaScript it could do nothing: hidden then (the page says how to copy the link instead).
    <Button type="button" disabled={!hydrated} onClick={() => void share()} className="mt-4 w-full noscript:hidden">
      {canShare ? t('referral.share') : t('referral.copy')}
    </Button>
  );
}
