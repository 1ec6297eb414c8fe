// Floating help (SPEC §2): only logged in and not in the app. Write us (not every brand) and the
// brand's FAQ. The write-us form arrives with the support work; until then it gives the phone.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../shared/brands/use-brand';
import { setFeedback } from '../../shared/state/app-store';
import { ExternalLink } from '../../shared/ui/external-link';

export function HelpButton() {
  const { t } = useTranslation();
  const brand = useBrand();
  const [open, setOpen] = useState(false);

  const writeUs = () => {
    setOpen(false);
    setFeedback({
      title: t('help.write_us_title'),
      description: t('help.write_us_text', { phone: brand.helpPhone }),
      actions: [{ label: t('feedback.close') }],
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="help-button">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
          <circle cx="12" cy="17.5" r="1.2" fill="currentColor" />
        </svg>
        <span>{t('help.button')}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop dialog-backdrop--light" />
        <Dialog.Content className="dialog help-panel" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{t('help.title')}</Dialog.Title>
          <ul className="help-panel__list">
            {brand.writeUs ? (
              <li>
                <button type="button" className="button button--primary button--block" onClick={writeUs}>
                  {t('help.write_us')}
                </button>
              </li>
            ) : null}
            <li>
              <ExternalLink href={brand.faqUrl} className="button button--secondary button--block">
                {t('help.faq')}
              </ExternalLink>
            </li>
            <li>
              <a href={`tel:${brand.helpPhone.replace(/\s/g, '')}`} className="help-panel__phone">
                {t('help.phone', { phone: brand.helpPhone })}
              </a>
            </li>
          </ul>
          <Dialog.Close className="button button--ghost button--block">{t('help.close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
