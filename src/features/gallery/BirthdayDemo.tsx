import { useState } from 'react';
import { Button } from '~/components/ui/Button.tsx';
import { DEFAULT_POINT_TERMS } from '~/components/ui/points-label.ts';
import { BirthdayModal } from '~/features/birthday/BirthdayModal.tsx';
import { $sessionState } from '~/features/birthday/session-state.store.ts';

const LABELS = { title: 'Happy Birthday', message: 'Here is a birthday bonus from all of us.', close: 'Close' };

/** Opens the birthday modal the way the session state does, with and without a first name. */
export function BirthdayDemo() {
  const [firstName, setFirstName] = useState<string | null>('Ana');
  const open = (name: string | null) => {
    setFirstName(name);
    $sessionState.set({ showBirthdayBonusModal: true, birthdayBonus: 50 });
  };
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button onClick={() => open('Ana')}>Open birthday modal for Ana</Button>
      <Button variant="secondary" onClick={() => open(null)}>Open birthday modal without a name</Button>
      <BirthdayModal show={false} bonus={50} firstName={firstName} terms={DEFAULT_POINT_TERMS} labels={LABELS} />
    </div>
  );
}
