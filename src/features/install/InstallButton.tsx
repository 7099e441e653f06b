import { useEffect, useState } from 'react';
import { buttonClasses } from '~/components/ui/Button.tsx';
import { translator, type Messages } from '~/shared/i18n/translate.ts';
import { installOffer, onInstallOffer, runsInstalled } from './install-offer.ts';

interface Props {
  locale: string;
  /** `pickMessages(messages, 'install.')`. */
  messages: Partial<Messages>;
}

type Shown = 'nothing' | 'button' | 'how' | 'done';

/**
 * "Put the app on your phone": the browser's own install prompt where it offers one, the menu's words where it
 * does not (Safari), nothing once the app runs from the home screen. Rendered on the server as nothing: whether a
 * phone can install is known only in its browser.
 */
export function InstallButton({ locale, messages }: Props) {
  const t = translator(messages, locale);
  const [shown, setShown] = useState<Shown>('nothing');

  useEffect(() => {
    if (runsInstalled()) return undefined;
    setShown(installOffer() ? 'button' : 'how');
    const installed = () => setShown('done');
    window.addEventListener('appinstalled', installed);
    const stop = onInstallOffer(() => setShown('button'));
    return () => { stop(); window.removeEventListener('appinstalled', installed); };
  }, []);

  async function install(): Promise<void> {
    const offer = installOffer();
    if (!offer) return;
    await offer.prompt();
    if ((await offer.userChoice).outcome === 'accepted') setShown('done');
  }

  if (shown === 'nothing') return null;
  return (
    <section aria-labelledby="install-title" className="mt-6 rounded-xl bg-surface p-4 shadow-sm">
      <h2 id="install-title" className="text-lg font-bold">{t('install.title')}</h2>
      <p className="mt-1 text-sm text-muted">{t('install.lead')}</p>
      {shown === 'button' && <button type="button" onClick={() => void install()} className={buttonClasses({ variant: 'primary', className: 'mt-3 w-full' })}>{t('install.button')}</button>}
      {shown === 'how' && <p className="mt-3 text-sm font-semibold">{t('install.manual')}</p>}
      <p role="status" className={shown === 'done' ? 'mt-3 text-sm font-semibold' : 'sr-only'}>{shown === 'done' ? t('install.done') : ''}</p>
    </section>
  );
}
