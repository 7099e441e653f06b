import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Dialog } from '~/components/ui/Dialog.tsx';
import { PointsPill } from '~/components/ui/PointsPill.tsx';
import type { PointTerms } from '~/components/ui/points-label.ts';
import { browserApi } from '~/lib/api/browser.ts';
import { fireBirthdayConfetti, themeConfettiColours } from '~/lib/confetti.ts';
import { markBirthdayBonusSeen } from './birthday.api.ts';
import { birthdayTitle } from './birthday-title.ts';
import { $sessionState, closeBirthdayBonusModal } from './session-state.store.ts';

export interface BirthdayModalProps {
  /** Session state from the server: whether to open, and the bonus (default 0). */
  show: boolean;
  bonus?: number;
  firstName: string | null;
  terms: PointTerms;
  underage?: boolean;
  locale?: string;
  labels: { title: string; message: string; close: string };
}

/** The birthday bonus: a greeting, the bonus counting up, confetti in the theme colours. */
export function BirthdayModal({ show, bonus = 0, firstName, terms, underage = false, locale = 'en', labels }: BirthdayModalProps) {
  const { showBirthdayBonusModal, birthdayBonus } = useStore($sessionState);

  // The store is written here, in the browser, from the server's props (never during SSR).
  useEffect(() => {
    $sessionState.set({ showBirthdayBonusModal: show, birthdayBonus: bonus });
  }, [show, bonus]);

  useEffect(() => {
    if (showBirthdayBonusModal) void fireBirthdayConfetti(themeConfettiColours());
  }, [showBirthdayBonusModal]);

  function close(): void {
    closeBirthdayBonusModal();
    // Tells the server, so the modal stays closed on the next page; a failure only means it shows again.
    void markBirthdayBonusSeen(browserApi()).catch(() => undefined);
  }

  const title = birthdayTitle(labels.title, firstName);
  return (
    <Dialog open={showBirthdayBonusModal} onClose={close} title={title} closeLabel={labels.close}>
      <div className="flex flex-col items-center gap-4 text-center">
        <p>{labels.message}</p>
        <PointsPill points={birthdayBonus} terms={terms} size="lg" animatePoints underage={underage} locale={locale} />
      </div>
    </Dialog>
  );
}
