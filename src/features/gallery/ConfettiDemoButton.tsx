import { Button } from '~/components/ui/Button.tsx';
import { fireBirthdayConfetti, fireConfetti } from '~/lib/confetti.ts';

/** Gallery island: fires a burst so the lazy canvas-confetti load can be seen (and tested). */
export function ConfettiDemoButton({ birthday = false }: { birthday?: boolean }) {
  const fire = () => void (birthday ? fireBirthdayConfetti() : fireConfetti());
  return (
    <Button variant={birthday ? 'accent' : 'primary'} onClick={fire}>
      {birthday ? 'Fire birthday confetti' : 'Fire confetti'}
    </Button>
  );
}
